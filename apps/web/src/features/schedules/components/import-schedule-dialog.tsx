import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  EMPTY_MAPPING,
  SCHEDULE_FIELDS,
  SCHEDULE_MESSAGES,
  checkScheduleRow,
  guessMapping,
  isBlankRow,
  mappingProblems,
  parsePastedCells,
  tidyTable,
  type ImportScheduleReport,
  type RememberedMapping,
  type ScheduleField,
  type ScheduleLengthUnit,
  type ScheduleMapping,
} from '@sealplan/contracts';
import { LoaderOverlay } from '@/components/loader-overlay';
import { ApiRequestError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import {
  fileToBase64,
  getScheduleMapping,
  useImportSchedule,
  useReadScheduleFile,
} from '../api/schedules-api';

/** Rows of the schedule shown in the preview table (the report lists every rejected row). */
export const SCHEDULE_PREVIEW_ROWS = 8;
/** Height of the scrolling lists (preview and report). */
const LIST_HEIGHT_PX = 260;
const WHOLE_PROJECT = 'PROJECT';

export interface ImportScheduleDialogProps {
  projectId: string;
  transits: { id: string; name: string }[];
  currentTransitId: string | null;
  opened: boolean;
  onClose: () => void;
  /** After an applied import: the page reloads the project's transits. */
  onImported: (report: ImportScheduleReport) => void;
}

interface ScheduleGrid {
  headings: string[];
  rows: string[][];
}

/** The contract's message templates as patterns, to translate a formatted message with its parameters. */
const TEMPLATES = Object.entries(SCHEDULE_MESSAGES).map(([key, template]) => {
  const names: string[] = [];
  const pattern = template
    .split(/\{(\w+)\}/g)
    .map((part, i) => {
      if (i % 2 === 1) {
        names.push(part);
        return '(.*)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { key, names, regex: new RegExp(`^${pattern}$`) };
});

/** A schedule message in the user's language (the server and the rules speak English). */
export function translateScheduleMessage(t: TFunction, message: string): string {
  for (const { key, names, regex } of TEMPLATES) {
    const match = regex.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
    return t(`messages.${key}`, { ...params, defaultValue: message });
  }
  return message;
}

function gridOf(cells: string[][]): ScheduleGrid | null {
  const tidy = tidyTable(cells).filter((r) => !isBlankRow(r));
  if (tidy.length === 0) return null;
  const [headings, ...rows] = tidy;
  return { headings: headings!, rows };
}

/**
 * Issue 22: a cable and pipe schedule into the project or one transit. Paste cells or upload CSV / XLSX, check the
 * guessed column mapping against a preview (each row checked with the same rules as the server), then import: all
 * rows or, when any is rejected, none (the report names each rejected row and why).
 */
export function ImportScheduleDialog({
  projectId,
  transits,
  currentTransitId,
  opened,
  onClose,
  onImported,
}: ImportScheduleDialogProps) {
  const { t } = useTranslation('schedules');
  const units = useUnits();
  const readFile = useReadScheduleFile();
  const mutation = useImportSchedule();
  const [source, setSource] = useState<'paste' | 'file'>('paste');
  const [pasted, setPasted] = useState('');
  const [table, setTable] = useState<ScheduleGrid | null>(null);
  const [remembered, setRemembered] = useState<RememberedMapping | null>(null);
  const [mapping, setMapping] = useState<ScheduleMapping>(EMPTY_MAPPING);
  const [unit, setUnit] = useState<ScheduleLengthUnit>('MM');
  const [target, setTarget] = useState<string>(WHOLE_PROJECT);
  const [createTransits, setCreateTransits] = useState(true);
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [report, setReport] = useState<ImportScheduleReport | null>(null);

  useEffect(() => {
    if (!opened) return;
    setReport(null);
    mutation.reset();
    let live = true;
    getScheduleMapping()
      .then((answer) => live && setRemembered(answer.remembered))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [opened]);

  /** A new table: the mapping is guessed (the organization's remembered one first) and the report dropped. */
  const applyGrid = (next: ScheduleGrid | null, known = remembered) => {
    setTable(next);
    setReport(null);
    if (!next) return;
    const guess = guessMapping(next.headings, known);
    setMapping(guess.mapping);
    setUnit(guess.diameterUnit);
    if (guess.mapping.transit === null && currentTransitId) setTarget(currentTransitId);
  };

  const onPaste = (text: string) => {
    setPasted(text);
    applyGrid(gridOf(parsePastedCells(text)));
  };

  const onFile = async (file: File | null) => {
    if (!file) return;
    try {
      const read = await readFile.mutateAsync({
        fileName: file.name,
        contentBase64: await fileToBase64(file),
      });
      if (read.remembered) setRemembered(read.remembered);
      applyGrid({ headings: read.headings, rows: read.rows }, read.remembered ?? remembered);
    } catch {
      // Shown from readFile.error below.
    }
  };

  const intoOne = target !== WHOLE_PROJECT;
  const problems = mappingProblems(mapping, intoOne);
  const checks = useMemo(
    () => (table ? table.rows.map((row) => checkScheduleRow(row, mapping, unit, intoOne)) : []),
    [table, mapping, unit, intoOne],
  );
  const rejectedHere = checks.filter((c) => !c.ok).length;

  const send = (dryRun: boolean) => {
    if (!table || Object.keys(problems).length > 0) return;
    mutation.mutate(
      {
        projectId,
        transitId: intoOne ? target : null,
        headings: table.headings,
        rows: table.rows,
        mapping,
        diameterUnit: unit,
        createTransits,
        skipDuplicates,
        dryRun,
      },
      {
        onSuccess: (result) => {
          setReport(result);
          if (result.applied) {
            notify({
              color: 'green',
              message: t('imported', { count: result.counts.imported, transits: result.transits.length }),
            });
            onImported(result);
            onClose();
          }
        },
      },
    );
  };

  const columnOptions = [
    { value: '', label: t('mapping.none') },
    ...(table?.headings ?? []).map((h, i) => ({
      value: String(i),
      label: h.trim() || t('mapping.column', { n: i + 1 }),
    })),
  ];
  const setField = (field: ScheduleField, value: string | null) => {
    setMapping((m) => ({ ...m, [field]: value === null || value === '' ? null : Number(value) }));
    setReport(null);
  };
  const serverError =
    mutation.error instanceof ApiRequestError
      ? mutation.error.messages.map((m) => translateScheduleMessage(t, m)).join(' ')
      : mutation.error || readFile.error
        ? ((readFile.error instanceof ApiRequestError
            ? translateScheduleMessage(t, readFile.error.message)
            : null) ?? t('failed'))
        : null;
  const rejectedRows = report?.rows.filter((r) => r.status === 'REJECTED') ?? [];
  const flaggedRows = report?.rows.filter((r) => r.warnings.length > 0) ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size="xl">
      <Stack gap="md" pos="relative">
        <LoaderOverlay visible={mutation.isPending || readFile.isPending} label={t('working')} />
        <Group grow align="flex-end">
          <SegmentedControl
            value={source}
            onChange={(v) => setSource(v as 'paste' | 'file')}
            data={[
              { value: 'paste', label: t('source.paste') },
              { value: 'file', label: t('source.file') },
            ]}
            aria-label={t('source.label')}
          />
          <Select
            label={t('target.label')}
            value={target}
            onChange={(v) => {
              setTarget(v ?? WHOLE_PROJECT);
              setReport(null);
            }}
            allowDeselect={false}
            data={[
              { value: WHOLE_PROJECT, label: t('target.project') },
              ...transits.map((tr) => ({ value: tr.id, label: t('target.transit', { name: tr.name }) })),
            ]}
          />
        </Group>
        {source === 'paste' ? (
          <Textarea
            label={t('source.pasteLabel')}
            description={t('source.pasteHint')}
            value={pasted}
            onChange={(e) => onPaste(e.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={8}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          />
        ) : (
          <FileInput
            label={t('source.fileLabel')}
            description={t('source.fileHint')}
            accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(file) => void onFile(file)}
            clearable
          />
        )}
        {table && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {SCHEDULE_FIELDS.map((field) => (
                <Select
                  key={field}
                  label={t(`fields.${field}`)}
                  value={mapping[field] === null ? '' : String(mapping[field])}
                  onChange={(v) => setField(field, v)}
                  data={columnOptions}
                  allowDeselect={false}
                  disabled={field === 'transit' && intoOne}
                  error={problems[field] ? translateScheduleMessage(t, problems[field]) : undefined}
                />
              ))}
              <Select
                label={t('unit.label')}
                value={unit}
                onChange={(v) => v && setUnit(v as ScheduleLengthUnit)}
                allowDeselect={false}
                data={[
                  { value: 'MM', label: t('unit.MM') },
                  { value: 'INCH', label: t('unit.INCH') },
                ]}
              />
            </SimpleGrid>
            <Group gap="lg">
              <Checkbox
                label={t('options.createTransits')}
                checked={createTransits}
                disabled={intoOne}
                onChange={(e) => setCreateTransits(e.currentTarget.checked)}
              />
              <Checkbox
                label={t('options.skipDuplicates')}
                checked={skipDuplicates}
                onChange={(e) => setSkipDuplicates(e.currentTarget.checked)}
              />
            </Group>
            <Text size="sm" c={rejectedHere > 0 ? 'red' : 'dimmed'} aria-live="polite">
              {t('summary', { count: table.rows.length, rejected: rejectedHere })}
            </Text>
            <ScrollArea.Autosize mah={LIST_HEIGHT_PX} type="auto">
              <Table striped withTableBorder fz="xs" aria-label={t('preview')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.row')}</Table.Th>
                    <Table.Th>{t('fields.tag')}</Table.Th>
                    <Table.Th>{t('fields.type')}</Table.Th>
                    <Table.Th>{t('columns.diameter')}</Table.Th>
                    <Table.Th>{t('fields.quantity')}</Table.Th>
                    <Table.Th>{t('fields.transit')}</Table.Th>
                    <Table.Th>{t('columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {checks.slice(0, SCHEDULE_PREVIEW_ROWS).map((check, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{i + 2}</Table.Td>
                      {check.ok ? (
                        <>
                          <Table.Td>{check.value.tag ?? ''}</Table.Td>
                          <Table.Td>
                            {check.value.itemTypeId ? t(`types.${check.value.itemTypeId}`) : ''}
                          </Table.Td>
                          <Table.Td>{units.formatLength(check.value.outerDiameterMm)}</Table.Td>
                          <Table.Td>{units.formatNumber(check.value.quantity, 0)}</Table.Td>
                          <Table.Td>
                            {intoOne
                              ? (transits.find((tr) => tr.id === target)?.name ?? '')
                              : check.value.transitName}
                          </Table.Td>
                          <Table.Td>
                            <Badge color="green" variant="light" size="sm">
                              {t('status.ok')}
                            </Badge>
                          </Table.Td>
                        </>
                      ) : (
                        <Table.Td colSpan={6} c="red">
                          {check.problems.map((p) => translateScheduleMessage(t, p.message)).join(' ')}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        {report && (
          <Alert
            color={report.message ? 'red' : report.dryRun ? 'blue' : 'green'}
            title={
              report.message
                ? translateScheduleMessage(t, report.message)
                : t('report.ready', {
                    count: report.counts.rows - report.counts.blank - report.counts.rejected,
                  })
            }
            aria-label={t('report.label')}
          >
            <Stack gap={4}>
              {report.transits.length > 0 && (
                <Text size="sm">
                  {t('report.transits', {
                    count: report.transits.length,
                    created: report.transits.filter((tr) => tr.created).length,
                  })}
                </Text>
              )}
              <ScrollArea.Autosize mah={LIST_HEIGHT_PX / 2} type="auto">
                {[...rejectedRows, ...flaggedRows].map((r) => (
                  <Text key={`${r.row}-${r.status}`} size="sm">
                    {t('report.row', { row: r.row })}{' '}
                    {[...r.problems.map((p) => p.message), ...r.warnings]
                      .map((m) => translateScheduleMessage(t, m))
                      .join(' ')}
                    {r.status === 'DUPLICATE_SKIPPED' ? ` (${t('status.skipped')})` : ''}
                  </Text>
                ))}
              </ScrollArea.Autosize>
            </Stack>
          </Alert>
        )}
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            variant="light"
            onClick={() => send(true)}
            disabled={!table || Object.keys(problems).length > 0}
          >
            {t('check')}
          </Button>
          <Button onClick={() => send(false)} disabled={!table || Object.keys(problems).length > 0}>
            {t('import', { count: table?.rows.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
