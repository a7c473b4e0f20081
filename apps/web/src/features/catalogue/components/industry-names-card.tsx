import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  TRANSLATED_NAME_LOCALES,
  saveIndustryNamesRequestSchema,
  type Industry,
  type SaveIndustryNamesRequest,
} from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useActiveIndustries } from '@/lib/localized-name';
import { useSaveIndustryNames } from '../api/catalogue-api';

const formValuesOf = (industries: Industry[]): SaveIndustryNamesRequest => ({
  industries: industries.map((industry) => ({
    id: industry.id,
    name: industry.name,
    names: Object.fromEntries(
      TRANSLATED_NAME_LOCALES.map((locale) => [locale, industry.names[locale] ?? '']),
    ),
  })),
});

/**
 * ADR 030: the industries (spec §3: fixed identifiers) named in English and in each other interface language, saved
 * on their own beside the catalogue; a name left empty shows the English one in that language.
 */
export function IndustryNamesCard() {
  const { t } = useTranslation('catalogue');
  const industries = useActiveIndustries();
  const save = useSaveIndustryNames();
  const form = useForm<SaveIndustryNamesRequest>({
    resolver: zodResolver(saveIndustryNamesRequestSchema),
    defaultValues: { industries: [] },
  });
  const { reset } = form;
  useEffect(() => {
    if (industries.data) reset(formValuesOf(industries.data));
  }, [industries.data, reset]);

  const rows = form.watch('industries');
  const fieldError = (index: number) => form.formState.errors.industries?.[index]?.name?.message;
  const failure =
    save.error instanceof ApiRequestError ? save.error.message : save.error ? String(save.error) : null;

  return (
    <Card withBorder padding="md">
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: (answer) => {
              reset(formValuesOf(answer));
              toast.success(t('industries.saved', { count: answer.length }));
            },
          }),
        )}
      >
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={2} size="h4">
                {t('industries.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('industries.hint')}
              </Text>
            </Stack>
            <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
              {t('industries.save')}
            </Button>
          </Group>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.id')}</Table.Th>
                <Table.Th>{t('columns.name')}</Table.Th>
                {TRANSLATED_NAME_LOCALES.map((locale) => (
                  <Table.Th key={locale}>{t(`columns.nameIn.${locale}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.id}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${t('columns.name')} ${row.id}`}
                      error={fieldError(index)}
                      {...form.register(`industries.${index}.name`)}
                    />
                  </Table.Td>
                  {TRANSLATED_NAME_LOCALES.map((locale) => (
                    <Table.Td key={locale}>
                      <TextInput
                        aria-label={`${t(`columns.nameIn.${locale}`)} ${row.id}`}
                        {...form.register(`industries.${index}.names.${locale}`)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </form>
    </Card>
  );
}
