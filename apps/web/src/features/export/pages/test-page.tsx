import { useState } from 'react';
import { Alert, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notify } from '@/lib/toast';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ANONYMOUS_TOKEN, ApiRequestError, getStoredToken } from '@/lib/api-client';
import { fetchProjectTransits, useSendProjectExport } from '../api/export-api';
import { ExportDialog } from '../components/export-dialog';
import { useDefaultExportSystem } from '../hooks/use-default-export-system';

const projectIdSchema = z.guid();

/**
 * Spec §2 route /test: a test page with a PDF export sharing widget. Public route; the export itself needs a
 * signed-in user of the project's organization (the server checks), so it doubles as a manual check of that rule.
 */
export function TestPage() {
  const { t } = useTranslation('export');
  const [params] = useSearchParams();
  const [projectId, setProjectId] = useState(params.get('projectId') ?? '');
  const [email, setEmail] = useState('');
  const [transits, setTransits] = useState<{ id: string; name: string }[]>([]);
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const system = useDefaultExportSystem();
  const mutation = useSendProjectExport();
  const validId = projectIdSchema.safeParse(projectId.trim()).success;
  const signedIn = getStoredToken() !== ANONYMOUS_TOKEN;

  const fail = (e: unknown) => setError(e instanceof ApiRequestError ? e.messages.join('. ') : t('failed'));

  const runPdf = (isShare: boolean) => {
    setError(null);
    mutation.mutate(
      {
        projectId: projectId.trim(),
        outputFormat: 'PDF',
        measurementSystem: system,
        emailAddress: isShare ? email.trim() : null,
        transitIds: [],
        size: 'LETTER',
        isShare,
        isProjectMaterialsOnly: false,
        scope: 'PROJECT',
      },
      {
        onSuccess: (result) => {
          if (result.kind === 'shared')
            notify({ color: 'green', message: t('messages.sent', { email: result.data.emailAddress }) });
        },
        onError: fail,
      },
    );
  };

  const loadTransits = async () => {
    setError(null);
    try {
      const list = await fetchProjectTransits(projectId.trim());
      setTransits(list);
      notify({ message: t('test.transitsLoaded', { count: list.length }) });
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1}>{t('test.title')}</Title>
          <Text c="dimmed">{t('test.intro')}</Text>
          {!signedIn && (
            <Alert color="yellow" role="status">
              {t('test.notSignedIn')}
            </Alert>
          )}
          <TextInput
            label={t('test.projectId')}
            value={projectId}
            onChange={(e) => setProjectId(e.currentTarget.value)}
            error={projectId.trim() && !validId ? t('test.invalidProjectId') : undefined}
            spellCheck={false}
          />
          <TextInput
            type="email"
            label={t('email')}
            placeholder={t('emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button
              onClick={() => runPdf(false)}
              disabled={!validId}
              loading={mutation.isPending && !mutation.variables?.isShare}
            >
              {t('test.downloadPdf')}
            </Button>
            <Button
              onClick={() => runPdf(true)}
              disabled={!validId || !email.trim()}
              loading={mutation.isPending && !!mutation.variables?.isShare}
            >
              {t('test.sharePdf')}
            </Button>
            <Button variant="light" onClick={() => void loadTransits()} disabled={!validId}>
              {t('test.loadTransits')}
            </Button>
            <Button variant="outline" onClick={() => setOpened(true)} disabled={!validId}>
              {t('test.open')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {validId && (
        <ExportDialog
          projectId={projectId.trim()}
          currentTransitId={transits[0]?.id ?? null}
          transits={transits}
          opened={opened}
          onClose={() => setOpened(false)}
        />
      )}
    </Container>
  );
}
