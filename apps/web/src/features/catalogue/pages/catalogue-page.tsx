import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_MESSAGES,
  CATALOGUE_TABLES,
  saveCatalogueRequestSchema,
  type CatalogueTable,
  type FormData,
} from '@sealplan/contracts';
import { confirm } from '@/components/confirm-dialog';
import { ApiRequestError } from '@/lib/api-client';
import { useLeaveGuard } from '@/lib/leave-guard';
import { RequireAccess } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import { canEditCatalogue, useCatalogue, useSaveCatalogue, useVerifyCatalogue } from '../api/catalogue-api';
import { SampleMark } from '../components/catalogue-cells';
import {
  CableSleevesPanel,
  ClassesPanel,
  ClearancePanel,
  CrushersPanel,
  ItemTypesPanel,
  SealantsPanel,
  StandardOpeningsPanel,
  TransitTypesPanel,
  type PanelProps,
} from '../components/catalogue-panels';
import { IndustryNamesCard } from '../components/industry-names-card';
import { SampleBanner } from '../components/sample-banner';
import {
  catalogueFieldErrors,
  countMessages,
  issueMessage,
  rowKey,
  toFormValues,
  type CatalogueFormValues,
} from '../model/catalogue-form';

/** One tab per catalogue table (spec §3 form reference data), in the order of `CATALOGUE_TABLES`. */
const PANELS: Record<CatalogueTable, ComponentType<PanelProps>> = {
  itemTypes: ItemTypesPanel,
  transitTypes: TransitTypesPanel,
  classes: ClassesPanel,
  sealants: SealantsPanel,
  cableSleeves: CableSleevesPanel,
  crushers: CrushersPanel,
  clearance: ClearancePanel,
  standardOpenings: StandardOpeningsPanel,
};

/**
 * The catalogue admin screen (ADR 008); only for a SystemAdministrator or the provider organization's
 * ElevatedUser (everyone else is sent to /, like User Admin).
 */
export function CataloguePage() {
  return (
    <RequireAccess allow={canEditCatalogue}>
      <CatalogueAdmin />
    </RequireAccess>
  );
}

function CatalogueAdmin() {
  const { t } = useTranslation('catalogue');
  const query = useCatalogue();
  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {query.isPending ? (
        <Center p="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : query.error ? (
        <Alert color="red" role="alert" title={t('errors.loadTitle')}>
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" mt="sm" variant="light" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        </Alert>
      ) : (
        <CatalogueEditor data={query.data} reload={async () => (await query.refetch()).data} />
      )}
    </Stack>
  );
}

type Problem = { kind: 'invalid' | 'failed' | 'conflict'; message: string };

function tableOfPath(path: string): CatalogueTable | undefined {
  const table = path.split('.')[1];
  return CATALOGUE_TABLES.find((name) => name === table);
}

function CatalogueEditor({ data, reload }: { data: FormData; reload: () => Promise<FormData | undefined> }) {
  const { t } = useTranslation('catalogue');
  const units = useUnits();
  // The stored catalogue the form started from: its version goes with the save, its marks are shown.
  const [base, setBase] = useState<FormData>(data);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [tab, setTab] = useState<CatalogueTable>(CATALOGUE_TABLES[0]);
  const save = useSaveCatalogue();
  const verify = useVerifyCatalogue();

  // The contract's own schema validates the form; only its messages are the user's language and unit system.
  const messages = useRef({ t, units });
  messages.current = { t, units };
  const resolver = useMemo<Resolver<CatalogueFormValues>>(
    () => (values, context, options) =>
      zodResolver(saveCatalogueRequestSchema, {
        error: (issue) => issueMessage(issue, messages.current.t, messages.current.units),
      })(values, context, options),
    [],
  );
  const form = useForm<CatalogueFormValues>({
    defaultValues: toFormValues(data),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { isDirty, errors, isSubmitting } = form.formState;
  // Leaving with unsaved catalogue changes asks first (in-app navigation and tab close / reload).
  useLeaveGuard(isDirty);

  const adopt = (fresh: FormData) => {
    setBase(fresh);
    form.reset(toFormValues(fresh));
    setProblem(null);
  };

  // Fresh data from the server (another tab saved, a refetch) replaces the form only while nothing is typed:
  // typed values are never thrown away, and the save then names the older version, so a conflict is reported.
  useEffect(() => {
    if (data !== base && !isDirty) adopt(data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const savedKeys = useMemo(() => {
    const keys = {} as PanelProps['savedKeys'];
    for (const table of CATALOGUE_TABLES) {
      const rows = (base.catalogue[table] ?? []) as { id?: string }[];
      keys[table] = new Set(rows.map((row, index) => rowKey(table, row, index)));
    }
    return keys;
  }, [base]);

  const showFirstTableWithErrors = (found: FieldErrors<CatalogueFormValues>) => {
    const first = CATALOGUE_TABLES.find((table) => countMessages(found.catalogue?.[table]) > 0);
    if (first) setTab(first);
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiRequestError && error.code === 'VERSION_CONFLICT') {
      setProblem({ kind: 'conflict', message: t('errors.conflict') });
      return;
    }
    if (error instanceof ApiRequestError) {
      const fields = catalogueFieldErrors(error.fields);
      for (const [path, message] of fields)
        form.setError(path as FieldPath<CatalogueFormValues>, { type: 'server', message });
      const table = fields[0] && tableOfPath(fields[0][0]);
      if (table) setTab(table);
      setProblem({ kind: 'failed', message: error.message });
      return;
    }
    setProblem({ kind: 'failed', message: t('errors.failed') });
  };

  const submit = (force: boolean) =>
    form.handleSubmit(
      async (values) => {
        setProblem(null);
        try {
          const saved = await save.mutateAsync({
            catalogue: values.catalogue,
            version: base.meta.version,
            ...(force ? { force: true } : {}),
          });
          adopt(saved);
          notify({ color: 'green', message: t('saved', { defaultValue: CATALOGUE_MESSAGES.saved }) });
        } catch (error) {
          fail(error);
        }
      },
      (found) => {
        setProblem({ kind: 'invalid', message: t('errors.invalid', { count: countMessages(found) }) });
        showFirstTableWithErrors(found);
      },
    )();

  const onSaveAnyway = async () => {
    if (!(await confirm({ message: t('conflict.overwriteConfirm'), danger: true }))) return;
    await submit(true);
  };

  const onReload = async () => {
    if (isDirty && !(await confirm({ message: t('conflict.reloadConfirm') }))) return;
    const fresh = await reload();
    if (fresh) adopt(fresh);
  };

  const onReset = () => {
    form.reset(toFormValues(base));
    setProblem(null);
  };

  const onVerify = async (isVerified: boolean) => {
    const message = isVerified ? t('verify.confirm') : t('verify.withdrawConfirm');
    if (!(await confirm({ message, title: isVerified ? t('actions.verify') : t('actions.withdraw') })))
      return;
    try {
      adopt(await verify.mutateAsync({ isVerified, version: base.meta.version }));
      notify({ color: 'green', message: isVerified ? t('verify.done') : t('verify.withdrawn') });
    } catch (error) {
      fail(error);
    }
  };

  const busy = isSubmitting || save.isPending || verify.isPending;
  const verifyButton = base.meta.isVerified ? (
    <Button variant="light" color="orange" disabled={busy || isDirty} onClick={() => void onVerify(false)}>
      {t('actions.withdraw')}
    </Button>
  ) : (
    <Button variant="light" color="green" disabled={busy || isDirty} onClick={() => void onVerify(true)}>
      {t('actions.verify')}
    </Button>
  );

  return (
    <FormProvider {...form}>
      <Stack gap="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit(false);
          }}
        >
          <Stack gap="md">
            <SampleBanner meta={base.meta} />
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Stack gap={2}>
                <Text size="sm">
                  <SampleMark /> {t('legend.sample')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('legend.units', { unit: units.lengthUnit, volume: units.volumeUnit })}
                </Text>
                {base.meta.isVerified && (
                  <Text size="sm" c="orange.8">
                    {t('legend.saveWithdraws')}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                <Button type="submit" loading={isSubmitting || save.isPending} disabled={verify.isPending}>
                  {t('actions.save')}
                </Button>
                <Button variant="default" disabled={!isDirty || busy} onClick={onReset}>
                  {t('actions.reset')}
                </Button>
                {isDirty ? (
                  <Tooltip label={t('verify.saveFirst')} withArrow>
                    <span>{verifyButton}</span>
                  </Tooltip>
                ) : (
                  verifyButton
                )}
              </Group>
            </Group>
            {problem && (
              <Alert
                color={problem.kind === 'conflict' ? 'orange' : 'red'}
                role="alert"
                title={t(`errors.${problem.kind}Title`)}
                withCloseButton
                closeButtonLabel={t('common:close')}
                onClose={() => setProblem(null)}
              >
                <Text size="sm">{problem.message}</Text>
                {problem.kind !== 'invalid' && (
                  <Group gap="xs" mt="sm">
                    <Button size="xs" variant="light" onClick={() => void onReload()}>
                      {t('conflict.reload')}
                    </Button>
                    {problem.kind === 'conflict' && (
                      <Button size="xs" variant="light" color="red" onClick={() => void onSaveAnyway()}>
                        {t('conflict.overwrite')}
                      </Button>
                    )}
                  </Group>
                )}
              </Alert>
            )}
            <Tabs
              value={tab}
              onChange={(value) => value && setTab(value as CatalogueTable)}
              keepMounted={false}
            >
              <Tabs.List>
                {CATALOGUE_TABLES.map((table) => {
                  const count = countMessages(errors.catalogue?.[table]);
                  return (
                    <Tabs.Tab
                      key={table}
                      value={table}
                      rightSection={
                        count > 0 ? (
                          <Badge color="red" size="xs" circle aria-label={t('errors.count', { count })}>
                            {count}
                          </Badge>
                        ) : null
                      }
                    >
                      {t(`tabs.${table}`)}
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
              {CATALOGUE_TABLES.map((table) => {
                const Panel = PANELS[table];
                return (
                  <Tabs.Panel key={table} value={table} pt="md">
                    <Panel marks={base.sampleFields} savedKeys={savedKeys} />
                  </Tabs.Panel>
                );
              })}
            </Tabs>
          </Stack>
        </form>
        <IndustryNamesCard />
      </Stack>
    </FormProvider>
  );
}
