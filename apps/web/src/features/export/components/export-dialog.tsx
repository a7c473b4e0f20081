import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notify } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  DOCUMENT_LANGUAGES,
  EXPORT_DEFAULTS,
  EXPORT_MESSAGES,
  FORMATS_WITHOUT_PAPER_SIZE,
  sendProjectExportRequestSchema,
  type DocumentLanguage,
  type ExportFormat,
  type ExportMeasurementSystem,
  type ExportPaperSize,
  type ExportScope,
  type SendProjectExportRequest,
} from '@sealplan/contracts';
import { LoaderOverlay } from '@/components/loader-overlay';
import { ApiRequestError } from '@/lib/api-client';
import { useSendProjectExport } from '../api/export-api';
import { useDefaultExportSystem } from '../hooks/use-default-export-system';

/** Spec §9: the export transit list scrolls at 150 px high. */
export const EXPORT_TRANSIT_LIST_HEIGHT_PX = 150;

export interface ExportDialogProps {
  projectId: string;
  currentTransitId: string | null;
  transits: { id: string; name: string }[];
  opened: boolean;
  onClose: () => void;
  /** Opens with "project material totals only" ticked (the material list button). */
  materialsOnly?: boolean;
}

type Action = 'download' | 'share';

/** Messages of the shared contract, translated by key when the dialog knows them. */
const MESSAGE_KEYS = Object.fromEntries(
  Object.entries(EXPORT_MESSAGES).map(([key, text]) => [text, `messages.${key}`]),
);

/**
 * Spec §2/§4/§5 Share/Export dialog: email (share only), format, size, unit system, project-materials-only
 * switch, transit scope. Valid only when the contract's rules hold (the same zod schema the server uses).
 */
/**
 * ADR 027: paper defaults to A4, the size of most of the world, except for a US-English user working in imperial,
 * who gets Letter. The user's choice in the dialog wins.
 */
export function defaultPaperSize(language: string, system: ExportMeasurementSystem): ExportPaperSize {
  return language === 'en-US' && system === 'IMPERIAL' ? 'LETTER' : 'A4';
}

/** ADR 027: a document is written in the user's interface language unless another is chosen in the dialog. */
export function defaultDocumentLanguage(language: string): DocumentLanguage {
  return (DOCUMENT_LANGUAGES as readonly string[]).includes(language)
    ? (language as DocumentLanguage)
    : DEFAULT_DOCUMENT_LANGUAGE;
}

export function ExportDialog({
  projectId,
  currentTransitId,
  transits,
  opened,
  onClose,
  materialsOnly = false,
}: ExportDialogProps) {
  const { t, i18n } = useTranslation('export');
  const defaultSystem = useDefaultExportSystem();
  const mutation = useSendProjectExport();

  const [action, setAction] = useState<Action>('download');
  const [emailAddress, setEmailAddress] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [outputFormat, setOutputFormat] = useState<ExportFormat>(EXPORT_DEFAULTS.outputFormat);
  const [chosenSize, setSize] = useState<ExportPaperSize | null>(null);
  const [measurementSystem, setMeasurementSystem] = useState<ExportMeasurementSystem | null>(null);
  const [chosenLanguage, setLanguage] = useState<DocumentLanguage | null>(null);
  const [isProjectMaterialsOnly, setMaterialsOnly] = useState(materialsOnly);
  const [scope, setScope] = useState<ExportScope>(EXPORT_DEFAULTS.scope);
  const [chosen, setChosen] = useState<string[]>([]);

  // Each opening starts from the caller's intent (material list button or share button); what the user typed in
  // this dialog stays while it is open, also after an error.
  useEffect(() => {
    if (opened) {
      setMaterialsOnly(materialsOnly);
      mutation.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [opened, materialsOnly]);

  // Spec §4: the unit system defaults to the user's current system (METRIC until that loads).
  const system = measurementSystem ?? defaultSystem;
  const size = chosenSize ?? defaultPaperSize(i18n.language, system);
  const language = chosenLanguage ?? defaultDocumentLanguage(i18n.language);
  const isShare = action === 'share';
  const sizeDisabled = FORMATS_WITHOUT_PAPER_SIZE.includes(outputFormat);

  const request: SendProjectExportRequest = {
    projectId,
    outputFormat,
    measurementSystem: system,
    emailAddress: isShare ? emailAddress.trim() : null,
    transitIds:
      scope === 'CURRENT' ? (currentTransitId ? [currentTransitId] : []) : scope === 'TRANSITS' ? chosen : [],
    size,
    isShare,
    imgData: null,
    isProjectMaterialsOnly,
    scope,
    language,
  };
  const validation = sendProjectExportRequestSchema.safeParse(request);
  const issues = useMemo(() => {
    const out: Record<string, string> = {};
    if (!validation.success)
      for (const issue of validation.error.issues) out[String(issue.path[0])] ??= issue.message;
    return out;
  }, [validation]);
  const translate = (message: string | undefined) =>
    message ? t(MESSAGE_KEYS[message] ?? message, { defaultValue: message }) : undefined;

  const submit = () => {
    if (!validation.success || mutation.isPending) return;
    mutation.mutate(request, {
      onSuccess: (result) => {
        if (result.kind === 'shared') {
          notify({ color: 'green', message: t('messages.sent', { email: result.data.emailAddress }) });
        }
        onClose();
      },
    });
  };

  const serverError = mutation.error
    ? mutation.error instanceof ApiRequestError
      ? mutation.error.messages.map((m) => translate(m)).join('. ')
      : t('failed')
    : null;
  const emailError =
    (emailTouched || mutation.isError ? translate(issues.emailAddress) : undefined) ?? undefined;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      size="lg"
      closeOnClickOutside={!mutation.isPending}
    >
      <form
        aria-label={t('title')}
        noValidate
        style={{ position: 'relative' }}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {/* Spec §2 loader overlay: while the file is made nothing in the form can be changed or sent twice. */}
        <LoaderOverlay visible={mutation.isPending} label={t('working')} />
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={action}
            onChange={(v) => setAction(v as Action)}
            data={[
              { value: 'download', label: t('action.download') },
              { value: 'share', label: t('action.share') },
            ]}
            aria-label={t('action.label')}
          />
          {isShare && (
            <TextInput
              type="email"
              label={t('email')}
              placeholder={t('emailPlaceholder')}
              required
              value={emailAddress}
              onChange={(e) => setEmailAddress(e.currentTarget.value)}
              onBlur={() => setEmailTouched(true)}
              error={emailError}
              autoComplete="email"
            />
          )}
          <Group grow align="flex-start">
            <Select
              label={t('format.label')}
              value={outputFormat}
              onChange={(v) => v && setOutputFormat(v as ExportFormat)}
              allowDeselect={false}
              data={[
                { value: 'PDF', label: t('format.PDF') },
                { value: 'RTF', label: t('format.RTF') },
                { value: 'DOCX', label: t('format.DOCX') },
                { value: 'CSV', label: t('format.CSV') },
                { value: 'XLSX', label: t('format.XLSX') },
                { value: 'DXF', label: t('format.DXF') },
              ]}
            />
            <Select
              label={t('size.label')}
              value={size}
              onChange={(v) => v && setSize(v as ExportPaperSize)}
              allowDeselect={false}
              disabled={sizeDisabled}
              description={sizeDisabled ? t('size.notApplicable') : undefined}
              data={[
                { value: 'LETTER', label: t('size.LETTER') },
                { value: 'A4', label: t('size.A4') },
              ]}
            />
            <Select
              label={t('units.label')}
              value={system}
              onChange={(v) => v && setMeasurementSystem(v as ExportMeasurementSystem)}
              allowDeselect={false}
              data={[
                { value: 'METRIC', label: t('units.METRIC') },
                { value: 'IMPERIAL', label: t('units.IMPERIAL') },
              ]}
            />
          </Group>
          <Select
            label={t('language.label')}
            description={t('language.description')}
            value={language}
            onChange={(v) => v && setLanguage(v as DocumentLanguage)}
            allowDeselect={false}
            error={translate(issues.language)}
            data={DOCUMENT_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
          />
          <Switch
            label={t('materialsOnly')}
            checked={isProjectMaterialsOnly}
            onChange={(e) => setMaterialsOnly(e.currentTarget.checked)}
            error={translate(issues.isProjectMaterialsOnly)}
          />
          <Radio.Group
            label={t('scope.label')}
            value={scope}
            onChange={(v) => setScope(v as ExportScope)}
            error={!isProjectMaterialsOnly ? translate(issues.transitIds) : undefined}
          >
            <Stack gap={6} mt={6}>
              <Radio value="PROJECT" label={t('scope.PROJECT')} disabled={isProjectMaterialsOnly} />
              <Radio
                value="CURRENT"
                label={t('scope.CURRENT')}
                disabled={isProjectMaterialsOnly || !currentTransitId}
              />
              <Radio value="TRANSITS" label={t('scope.TRANSITS')} disabled={isProjectMaterialsOnly} />
            </Stack>
          </Radio.Group>
          {scope === 'TRANSITS' && (
            <ScrollArea
              h={EXPORT_TRANSIT_LIST_HEIGHT_PX}
              type="auto"
              offsetScrollbars
              aria-label={t('scope.list')}
            >
              <Checkbox.Group value={chosen} onChange={setChosen}>
                <Stack gap={6}>
                  {transits.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('scope.none')}
                    </Text>
                  )}
                  {transits.map((transit) => (
                    <Checkbox
                      key={transit.id}
                      value={transit.id}
                      label={transit.name}
                      disabled={isProjectMaterialsOnly}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            </ScrollArea>
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Group>
              <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={!validation.success} loading={mutation.isPending}>
                {isShare ? t('submit.share') : t('submit.download')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
