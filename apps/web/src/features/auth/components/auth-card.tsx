import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The centred card every public account page uses. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  width?: number;
}) {
  const { t } = useTranslation('common');
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-1)">
      <Box w="100%" maw={width}>
        <Text ta="center" fw={700} size="xl" mb="md" c="blue.8">
          {t('appName')}
        </Text>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">
                {title}
              </Title>
              {subtitle && (
                <Text size="sm" c="dimmed" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Box>
    </Center>
  );
}
