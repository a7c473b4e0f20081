import type { ReactNode } from 'react';
import { Anchor, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface StatusLink {
  to: string;
  label: string;
}

/**
 * The frame of the public status pages (maintenance, 404, 500): one centred card. Links are plain anchors
 * when `reload` is set, so they also work outside the router (the last-resort error boundary).
 */
export function StatusPageFrame({
  icon,
  code,
  heading,
  message,
  links = [],
  reload = false,
  embedded = false,
}: {
  icon: ReactNode;
  code?: string;
  heading: string;
  message?: string;
  links?: StatusLink[];
  reload?: boolean;
  /** Inside the signed-in layout (which already has the main landmark and background). */
  embedded?: boolean;
}) {
  const { t } = useTranslation('shell');
  return (
    <Center mih={embedded ? '60vh' : '100dvh'} p="md" bg={embedded ? undefined : 'var(--sealplan-page-bg)'}>
      <Paper
        component={embedded ? 'section' : 'main'}
        withBorder
        shadow="sm"
        radius="lg"
        p="xl"
        maw={520}
        w="100%"
      >
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          {code && (
            <Text fz={48} fw={800} lh={1} c="dimmed" aria-hidden>
              {code}
            </Text>
          )}
          <Title order={1} size="h2">
            {heading}
          </Title>
          {message && <Text c="dimmed">{message}</Text>}
          {links.length > 0 && (
            <Group justify="center" gap="lg" component="nav" aria-label={t('errors.linksLabel')}>
              {links.map((link) =>
                reload ? (
                  <Anchor key={link.to} href={link.to} fw={600}>
                    {link.label}
                  </Anchor>
                ) : (
                  <Anchor key={link.to} component={Link} to={link.to} fw={600}>
                    {link.label}
                  </Anchor>
                ),
              )}
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
