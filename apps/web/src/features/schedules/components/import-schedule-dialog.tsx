import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Catalogue } from '@sealplan/engine';
import {
  EMPTY_MAPPING,
  MAX_HEADING_SEARCH_ROWS,
  SCHEDULE_FIELDS,
  SCHEDULE_ITEM_TYPES,
  SCHEDULE_MESSAGES,
  SCHEDULE_TRANSIT_FIELDS,
  checkScheduleRow,
  columnLetter,
  findHeadingRow,
  guessMapping,
  isBlankRow,
  isSectionRow,
  locationPathText,
  mappingProblems,
  parsePastedCells,
  sheetTable,
  tidyTable,
  unitFromHeading,
  type ImportScheduleReport,
  type NewTransitDefaults,
  type RememberedMapping,
  type ScheduleField,
  type ScheduleItemType,
  type ScheduleLengthUnit,
  type ScheduleMapping,
  type ScheduleRowProblem,
  type ScheduleSheet,
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
import { useLocalizedName } from '@/lib/localized-name';
import { GrowingTextarea } from '@/components/growing-textarea';

/** Rows of the schedule shown in the preview table (the report lists every rejected row). */
export const SCHEDULE_PREVIEW_ROWS = 8;
/** Height of the scrolling lists (preview and report). */
const LIST_HEIGHT_PX = 260;
const WHOLE_PROJECT = 'PROJECT';

export interface ImportScheduleDialogProps {
  projectId: string;
  transits: { id: string; name: string }[];
  /** Transit types and classes for new transits; the preview checks the transit columns against them. */
  catalogue: Catalogue;
  currentTransitId: string | null;
  opened: boolean;
  onClose: () => void;
  /** After an applied import: the page reloads the project's transits. */
  onImported: (report: ImportScheduleReport) => void;
}

const NO_DEFAULTS: NewTransitDefaults = {
  transitTypeId: null,
  classId: null,
  depthMm: null,
  sizeToFit: true,
};
/** Sent when the import creates no transits. */
const NO_DEFAULTS_OFF: NewTransitDefaults = { ...NO_DEFAULTS, sizeToFit: false };
const TRANSIT_FIELDS = new Set<ScheduleField>(SCHEDULE_TRANSIT_FIELDS);
/** Cells of a row shown in the heading-row choice. */
const HEADING_OPTION_CELLS = 5;

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
    // A count is a number, so that i18next picks the plural form (it takes a text count as no count).
    const params = Object.fromEntries(
      names.map((name, i) => [name, name === 'count' ? Number(match[i + 1]) : match[i + 1]]),
    );
    return t(`messages.${key}`, { ...params, defaultValue: message });
  }
  return message;
}

/** Pasted cells as one sheet: lines numbered as pasted, the heading row found as in a file. */
function pastedSheet(cells: string[][]): ScheduleSheet | null {
  const rows = tidyTable(cells).filter((r) => !isBlankRow(r));
  if (rows.length === 0) return null;
  return {
    name: 'paste',
    rows,
    rowNumbers: rows.map((_, i) => i + 1),
    headingRow: findHeadingRow(rows).index,
  };
}

/**
 * ADR 020: a cable and pipe schedule into the project or one transit. Paste cells or upload CSV / XLSX, check the
 * guessed column mapping against a preview (each row checked with the same rules as the server), then import: all
 * rows or, when any is rejected, none (the report names each rejected row and why).
 */
export function ImportScheduleDialog({
  projectId,
  transits,
  catalogue,
  currentTransitId,
  opened,
  onClose,
  onImported,
}: ImportScheduleDialogProps) {
  const { t } = useTranslation('schedules');
  const name = useLocalizedName();
  const units = useUnits();
  const readFile = useReadScheduleFile();
  const mutation = useImportSchedule();
  const [source, setSource] = useState<'paste' | 'file'>('paste');
  const [pasted, setPasted] = useState('');
  /** The name of the file the sheets were read from (null: pasted rows), for the project's history (ADR 032). */
  const [fileName, setFileName] = useState<string | null>(null);
  const [sheets, setSheets] = useState<ScheduleSheet[] | null>(null);
  const [sheetIndex, setSheetIndex] = useState(0);
  const [headingRow, setHeadingRow] = useState(0);
  const [defaultItemType, setDefaultItemType] = useState<ScheduleItemType>('CABLE');
  const [newTransits, setNewTransits] = useState<NewTransitDefaults>(NO_DEFAULTS);
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

  const sheet = sheets?.[sheetIndex] ?? null;
  const table = useMemo(() => (sheet ? sheetTable(sheet, headingRow) : null), [sheet, headingRow]);

  /**
   * A new sheet or heading row: the mapping is guessed (the organization's remembered one first, a bare "Type"
   * column by its values) and the report dropped.
   */
  const guessFor = (next: ScheduleSheet | null, row: number, known = remembered) => {
    setReport(null);
    if (!next) return;
    const cut = sheetTable(next, row);
    const guess = guessMapping(cut.headings, known, cut.rows);
    setMapping(guess.mapping);
    setUnit(guess.diameterUnit);
    if (guess.mapping.transit === null && currentTransitId) setTarget(currentTransitId);
  };

  /** A new file or paste: the sheet that looks most like a schedule, at the heading row found in it. */
  const applySheets = (next: ScheduleSheet[] | null, offered = 0, known = remembered) => {
    setSheets(next);
    const chosen = next?.[offered] ?? null;
    setSheetIndex(offered);
    setHeadingRow(chosen?.headingRow ?? 0);
    guessFor(chosen, chosen?.headingRow ?? 0, known);
  };

  const chooseSheet = (index: number) => {
    const chosen = sheets?.[index] ?? null;
    setSheetIndex(index);
    setHeadingRow(chosen?.headingRow ?? 0);
    guessFor(chosen, chosen?.headingRow ?? 0);
  };

  const chooseHeadingRow = (row: number) => {
    setHeadingRow(row);
    guessFor(sheet, row);
  };

  const onPaste = (text: string) => {
    setPasted(text);
    setFileName(null);
    const pasted = pastedSheet(parsePastedCells(text));
    applySheets(pasted ? [pasted] : null);
  };

  const onFile = async (file: File | null) => {
    if (!file) return;
    try {
      const read = await readFile.mutateAsync({
        fileName: file.name,
        contentBase64: await fileToBase64(file),
      });
      if (read.remembered) setRemembered(read.remembered);
      setFileName(file.name);
      applySheets(read.sheets, read.sheet, read.remembered ?? remembered);
    } catch {
      // Shown from readFile.error below.
    }
  };

  const intoOne = target !== WHOLE_PROJECT;
  const problems = mappingProblems(mapping, intoOne);
  // Into one transit the location column is not offered, so it is neither checked nor sent (ADR 031).
  const rowMapping = useMemo(() => (intoOne ? { ...mapping, location: null } : mapping), [intoOne, mapping]);
  const transitUnit =
    (mapping.transitSize !== null ? unitFromHeading(table?.headings[mapping.transitSize] ?? '') : null) ??
    'MM';
  // The same rules as the server's, with the same catalogue names; blank and section rows are passed over.
  const checks = useMemo(
    () =>
      table
        ? table.rows.map((row) =>
            isBlankRow(row) || isSectionRow(row, rowMapping)
              ? null
              : checkScheduleRow(row, rowMapping, {
                  diameterUnit: unit,
                  intoOneTransit: intoOne,
                  defaultItemType,
                  transitUnit,
                  catalogue,
                }),
          )
        : [],
    [table, rowMapping, unit, intoOne, defaultItemType, transitUnit, catalogue],
  );
  const rejectedHere = checks.filter((c) => c !== null && !c.ok).length;
  /** Rows that are data (blank, section and total rows are passed over). */
  const dataRows = checks.filter((c) => c !== null).length;
  // ADR 031: the preview shows where each row's transit is when a location column is mapped.
  const showLocation = !intoOne && mapping.location !== null;
  const previewCells = showLocation ? 8 : 7;
  const cellOf = (problem: Pick<ScheduleRowProblem, 'column'>) =>
    problem.column === null
      ? ''
      : `${t('columns.cell', {
          column: columnLetter(problem.column),
          heading: table?.headings[problem.column] ?? '',
        })} `;

  const send = (dryRun: boolean) => {
    if (!table || Object.keys(problems).length > 0) return;
    mutation.mutate(
      {
        projectId,
        fileName,
        transitId: intoOne ? target : null,
        headings: table.headings,
        rows: table.rows,
        rowNumbers: table.rowNumbers,
        mapping: rowMapping,
        diameterUnit: unit,
        defaultItemType,
        newTransits: intoOne || !createTransits ? NO_DEFAULTS_OFF : newTransits,
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
          <GrowingTextarea
            label={t('source.pasteLabel')}
            description={t('source.pasteHint')}
            value={pasted}
            onChange={(e) => onPaste(e.currentTarget.value)}
            minRows={4}
            maxRows={8}
            inputStyle={{ fontFamily: 'monospace', fontSize: 12 }}
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
        {sheets && sheet && (
          <Group grow align="flex-end">
            {sheets.length > 1 && (
              <Select
                label={t('sheet.label')}
                value={String(sheetIndex)}
                onChange={(v) => v !== null && chooseSheet(Number(v))}
                allowDeselect={false}
                data={sheets.map((s, i) => ({ value: String(i), label: s.name }))}
              />
            )}
            <Select
              label={t('headingRow.label')}
              value={String(headingRow)}
              onChange={(v) => v !== null && chooseHeadingRow(Number(v))}
              allowDeselect={false}
              data={sheet.rows.slice(0, MAX_HEADING_SEARCH_ROWS).map((cells, i) => ({
                value: String(i),
                label: t('headingRow.option', {
                  row: sheet.rowNumbers[i] ?? i + 1,
                  text: cells
                    .filter((c) => c.trim() !== '')
                    .slice(0, HEADING_OPTION_CELLS)
                    .join(' | '),
                }),
              }))}
            />
          </Group>
        )}
        {table && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {SCHEDULE_FIELDS.filter((field) => !(intoOne && TRANSIT_FIELDS.has(field))).map((field) => (
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
              <Select
                label={t('kind.label')}
                value={defaultItemType}
                onChange={(v) => {
                  if (v) setDefaultItemType(v as ScheduleItemType);
                }}
                allowDeselect={false}
                data={SCHEDULE_ITEM_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              />
            </SimpleGrid>
            {!intoOne && createTransits && (
              <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                <Text component="legend" size="sm" fw={500}>
                  {t('newTransits.title')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('newTransits.hint')}
                </Text>
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                  <Select
                    label={t('newTransits.transitType')}
                    value={newTransits.transitTypeId ?? ''}
                    onChange={(v) =>
                      setNewTransits((d) => ({
                        ...d,
                        transitTypeId: (v || null) as NewTransitDefaults['transitTypeId'],
                      }))
                    }
                    allowDeselect={false}
                    data={[
                      { value: '', label: t('newTransits.none') },
                      ...catalogue.transitTypes.map((tt) => ({ value: tt.id, label: name(tt) })),
                    ]}
                  />
                  <Select
                    label={t('newTransits.class')}
                    value={newTransits.classId ?? ''}
                    onChange={(v) =>
                      setNewTransits((d) => ({ ...d, classId: (v || null) as NewTransitDefaults['classId'] }))
                    }
                    allowDeselect={false}
                    data={[
                      { value: '', label: t('newTransits.none') },
                      ...catalogue.classes.map((c) => ({ value: c.id, label: name(c) })),
                    ]}
                  />
                  <NumberInput
                    label={t('newTransits.depth', { unit: units.lengthUnit })}
                    min={0}
                    hideControls
                    value={newTransits.depthMm === null ? '' : units.toDisplayLength(newTransits.depthMm)}
                    onChange={(v) =>
                      setNewTransits((d) => ({
                        ...d,
                        depthMm: v === '' || Number(v) <= 0 ? null : units.fromDisplayLength(Number(v)),
                      }))
                    }
                  />
                </SimpleGrid>
                <Checkbox
                  label={t('newTransits.sizeToFit')}
                  checked={newTransits.sizeToFit}
                  onChange={(e) => {
                    const sizeToFit = e.currentTarget.checked;
                    setNewTransits((d) => ({ ...d, sizeToFit }));
                  }}
                />
              </Stack>
            )}
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
              {t('summary', { count: dataRows, rejected: rejectedHere })}
            </Text>
            <ScrollArea.Autosize mah={LIST_HEIGHT_PX} type="auto">
              <Table striped withTableBorder fz="xs" aria-label={t('preview')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.row')}</Table.Th>
                    <Table.Th>{t('fields.tag')}</Table.Th>
                    <Table.Th>{t('columns.specification')}</Table.Th>
                    <Table.Th>{t('fields.type')}</Table.Th>
                    <Table.Th>{t('columns.diameter')}</Table.Th>
                    <Table.Th>{t('fields.quantity')}</Table.Th>
                    <Table.Th>{t('fields.transit')}</Table.Th>
                    {showLocation && <Table.Th>{t('columns.location')}</Table.Th>}
                    <Table.Th>{t('columns.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {checks.slice(0, SCHEDULE_PREVIEW_ROWS).map((check, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{table.rowNumbers[i] ?? i + 2}</Table.Td>
                      {check === null ? (
                        <Table.Td colSpan={previewCells} c="dimmed">
                          {t('status.passedOver')}
                        </Table.Td>
                      ) : check.ok ? (
                        <>
                          <Table.Td>{check.value.tag ?? ''}</Table.Td>
                          <Table.Td>{check.value.specification ?? ''}</Table.Td>
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
                          {showLocation && (
                            <Table.Td>
                              {check.value.transit.location
                                ? locationPathText(check.value.transit.location)
                                : ''}
                            </Table.Td>
                          )}
                          <Table.Td>
                            <Badge color="green" variant="light" size="sm">
                              {t('status.ok')}
                            </Badge>
                          </Table.Td>
                        </>
                      ) : (
                        <Table.Td colSpan={previewCells} c="red">
                          {check.problems
                            .map((p) => `${cellOf(p)}${translateScheduleMessage(t, p.message)}`)
                            .join(' ')}
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
                    {[
                      ...r.problems.map((p) => `${cellOf(p)}${translateScheduleMessage(t, p.message)}`),
                      ...r.warnings.map((m) => translateScheduleMessage(t, m)),
                    ].join(' ')}
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
            {t('import', { count: dataRows })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
