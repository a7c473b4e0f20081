import {
  startTransition,
  useCallback,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Center,
  Container,
  Grid,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notify } from '@/lib/toast';
import { Link, useParams, useSearchParams } from 'react-router';
import { useConfirmLeave, useLeaveGuard } from '@/lib/leave-guard';
import { useTranslation } from 'react-i18next';
import {
  fillPercentOf,
  transitStatusOf,
  projectTotals as totalsOfProject,
  sizeTransit,
  type Catalogue,
  type TransitSizing,
} from '@sealplan/engine';
import { toItemInputs, toTransitInput, type PackingLayout, type TransitWithItems } from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { useUnits } from '@/lib/units';
import { markRenderStart, measureRender } from '@/lib/render-timing';
import {
  useDuplicateTransit,
  useFormData,
  useProjectAndTransits,
  useSaveTransit,
  useSaveTransitAndItems,
} from '../api/projects-api';
import { useProjectSite } from '../api/site-api';
import { MaterialsTable } from '../components/materials-table';
import { SitePanel } from '../components/site-panel';
import { ProjectSidebar } from '../components/project-sidebar';
import { TransitEditor } from '../components/transit-editor';
import { TransitList, type TransitRow } from '../components/transit-list';
import type { TransitEditorState } from '../hooks/use-transit-editor';
import { materialLines } from '../lib/material-lines';
import { locationLabels, passesSiteFilter, type SiteFilter } from '../lib/site-filters';
import { verdictText } from '../lib/verdict-text';
import { newTransitState, toEditorState, toSaveBody } from '../lib/transit-mapping';
import { useIndustryName, useNameById } from '@/lib/localized-name';

/** Spec §2 project sidebar: how many recent transits are listed. */
const RECENT_TRANSITS = 5;
/** The `transit` search parameter of a new transit not saved yet (ADR 013: created at its first save). */
export const NEW_TRANSIT = 'new';
/** The User Timing name of one render of the project page (bench:list reads it). */
export const PROJECT_PAGE_RENDER = 'project-page';

/** ADR 013: the transit last worked on (the latest saved), not the oldest. */
function lastWorkedOn<T extends { auditing: { lastUpdatedOn: string } }>(transits: readonly T[]): T | null {
  let latest: T | null = null;
  for (const tr of transits)
    if (!latest || tr.auditing.lastUpdatedOn > latest.auditing.lastUpdatedOn) latest = tr;
  return latest;
}

export interface ExportDialogRenderProps {
  projectId: string;
  currentTransitId: string | null;
  transits: { id: string; name: string }[];
  opened: boolean;
  onClose: () => void;
  materialsOnly?: boolean;
}

export interface ImportDialogRenderProps {
  projectId: string;
  currentTransitId: string | null;
  transits: { id: string; name: string }[];
  /** The catalogue: transit types and classes for the import's new transits, checked as the server checks them. */
  catalogue: Catalogue;
  opened: boolean;
  onClose: () => void;
  /** After an applied import: the page reloads the project's transits. */
  onImported: () => void;
}

/** What the transit's history and photos panels need (ADR 032; the history feature, passed in by app/). */
export interface TransitExtrasRenderProps {
  transitId: string;
  version: number;
  catalogue: Catalogue;
  /** Unsaved edits in the editor. */
  dirty: boolean;
  /** After a restore: reload the project's transits (the editor then shows the restored state). */
  onRestored: () => void;
}

/** What the project's history view needs (ADR 032; the history feature, passed in by app/). */
export interface ProjectHistoryRenderProps {
  projectId: string;
  projectName: string;
  catalogue: Catalogue;
  opened: boolean;
  onClose: () => void;
  onOpenTransit: (transitId: string) => void;
}

export interface ProjectPageProps {
  /** The share/export dialog lives in the export feature; app/ passes it in (features do not import each other). */
  renderExportDialog?: (p: ExportDialogRenderProps) => ReactNode;
  /** ADR 020: the schedule import dialog (schedules feature), passed in by app/ like the export dialog. */
  renderImportDialog?: (p: ImportDialogRenderProps) => ReactNode;
  /** ADR 032: the history and photos of the saved transit shown in the editor. */
  renderTransitExtras?: (p: TransitExtrasRenderProps) => ReactNode;
  /** ADR 032: every change of the project (its own fields and its transits'), opened from the page. */
  renderProjectHistory?: (p: ProjectHistoryRenderProps) => ReactNode;
}

/** Stored results when present (spec: after a save the server's figures), else the engine's figures without packing. */
function figuresOf(transit: TransitWithItems, catalogue: Catalogue): TransitSizing {
  return (
    transit.results ??
    sizeTransit({
      transit: toTransitInput(transit),
      items: toItemInputs(transit.penetratingItems),
      catalogue,
      solvePacking: false,
    })
  );
}

/** Project page (/projects/:projectId): sidebar, transits with fill and status, the transit editor, project materials. */
export function ProjectPage({
  renderExportDialog,
  renderImportDialog,
  renderTransitExtras,
  renderProjectHistory,
}: ProjectPageProps) {
  const { t } = useTranslation('projects');
  const industryName = useIndustryName();
  const tt = useTranslation('transits').t;
  const units = useUnits();
  const { projectId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const data = useProjectAndTransits(projectId);
  const formData = useFormData();
  const saveTransit = useSaveTransit(projectId);
  const saveAll = useSaveTransitAndItems(projectId);
  const duplicate = useDuplicateTransit(projectId);
  const [editorDirty, setEditorDirty] = useState(false);
  const [exportDialog, setExportDialog] = useState<null | { materialsOnly: boolean }>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // ADR 031: where each transit is and how far it got on site; the filter and grouping of the list.
  const site = useProjectSite(projectId);
  const [siteFilter, setSiteFilter] = useState<SiteFilter>({ location: '', work: 'all' });
  const [groupByLocation, setGroupByLocation] = useState(false);

  const catalogue = formData.data?.catalogue ?? null;
  const catalogueVerified = formData.data?.meta.isVerified ?? false;
  const transits = useMemo(() => data.data?.transits ?? [], [data.data]);
  const requestedId = searchParams.get('transit');
  const isNew = requestedId === NEW_TRANSIT;
  const current = isNew
    ? null
    : (transits.find((tr) => tr.id === requestedId) ?? lastWorkedOn(transits) ?? null);
  if (data.data && catalogue) markRenderStart(PROJECT_PAGE_RENDER);
  useLayoutEffect(() => measureRender(PROJECT_PAGE_RENDER));

  const figures = useMemo(() => {
    const map = new Map<string, TransitSizing>();
    if (catalogue) for (const tr of transits) map.set(tr.id, figuresOf(tr, catalogue));
    return map;
  }, [transits, catalogue]);

  // Leaving the page with unsaved transit changes asks first (spec §2 wording); also on tab close / reload.
  useLeaveGuard(editorDirty);
  const confirmLeave = useConfirmLeave();

  const selectTransit = useCallback(
    (id: string) => {
      const go = () => {
        setEditorDirty(false);
        setSearchParams({ transit: id }, { replace: false });
      };
      if (id === current?.id || (isNew && id === NEW_TRANSIT)) return;
      if (!editorDirty) return go();
      confirmLeave(go);
    },
    [current?.id, isNew, editorDirty, setSearchParams, confirmLeave],
  );

  const confirm = (message: string) =>
    new Promise<boolean>((resolve) =>
      modals.openConfirmModal({
        title: t('confirm.title'),
        children: <Text size="sm">{message}</Text>,
        labels: { confirm: t('confirm.ok'), cancel: t('confirm.cancel') },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      }),
    );

  const failed = (error: unknown) =>
    notify({
      color: 'red',
      title: t('errors.saveFailed'),
      message: error instanceof Error ? error.message : String(error),
    });

  // ADR 013: "Add transit" opens a new transit in the editor; its first save creates it.
  const addTransit = () => selectTransit(NEW_TRANSIT);
  const duplicateTransit = async (id: string) => {
    try {
      const copy = await duplicate.mutateAsync(id);
      setSearchParams({ transit: copy.transit.id });
      setEditorDirty(false);
    } catch (error) {
      failed(error);
    }
  };
  const deleteTransit = async (id: string) => {
    const transit = transits.find((tr) => tr.id === id);
    if (!transit || !(await confirm(t('confirm.message')))) return;
    try {
      await saveTransit.mutateAsync({
        id,
        projectId,
        version: transit.version,
        isDelete: true,
        name: transit.name,
        shape: transit.shape,
      });
      if (current?.id === id) setSearchParams({});
      notify({ color: 'green', message: t('transits.deleted', { name: transit.name }) });
    } catch (error) {
      failed(error);
    }
  };

  /** Saves the current transit and its items; on VERSION_CONFLICT offers Reload or Overwrite. Keeps the edits on failure. */
  const saveCurrent = async (
    state: TransitEditorState,
    layout: PackingLayout | null,
    force = false,
  ): Promise<boolean> => {
    if (!current && !isNew) return false;
    const body = toSaveBody(
      state,
      current
        ? {
            id: current.id,
            projectId,
            version: current.version,
            itemIds: current.penetratingItems.map((i) => i.id),
          }
        : { projectId, itemIds: [] },
      force,
      layout,
    );
    try {
      const saved = await saveAll.mutateAsync(body);
      notify({ color: 'green', message: t('transits.saved', { name: saved.transit.name }) });
      if (!current) {
        // The new transit now exists: the editor shows the stored one.
        setEditorDirty(false);
        setSearchParams({ transit: saved.transit.id }, { replace: true });
      }
      return true;
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'VERSION_CONFLICT') {
        return new Promise<boolean>((resolve) =>
          modals.openConfirmModal({
            title: t('conflict.title'),
            children: <Text size="sm">{t('conflict.message')}</Text>,
            labels: { confirm: t('conflict.overwrite'), cancel: t('conflict.reload') },
            confirmProps: { color: 'red' },
            onConfirm: () => void saveCurrent(state, layout, true).then(resolve),
            onCancel: () => {
              // Reload: the stored version replaces the edits (the user chose to).
              setEditorDirty(false);
              void data.refetch().then(() => resolve(false));
            },
            closeOnCancel: true,
          }),
        );
      }
      if (error instanceof ApiRequestError && error.fields) {
        failed(new Error(Object.values(error.fields).join(' ')));
      } else failed(error);
      return false;
    }
  };

  // Stable props for the memoised editor: a keystroke there must not re-render this page.
  const saveRef = useRef(saveCurrent);
  saveRef.current = saveCurrent;
  const onSave = useCallback(
    (state: TransitEditorState, layout: PackingLayout | null) => saveRef.current(state, layout),
    [],
  );
  // A transition: the page's own re-render when the editor becomes dirty is interruptible (typing stays fluid).
  const onDirtyChange = useCallback((dirty: boolean) => startTransition(() => setEditorDirty(dirty)), []);
  const newName = t('transits.defaultName', { n: transits.length + 1 });
  const initialState = useMemo(
    () =>
      current ? toEditorState(current, current.penetratingItems) : isNew ? newTransitState(newName) : null,
    // A new transit's state is made once per opening, not again when the list around it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, isNew],
  );

  // ADR 038: when the project arrives, the render that shows it commits the list (and the sidebar) first; the
  // editor, the site panel and the project's materials follow in a background render that typing or a click can
  // interrupt, so the first rows of a large project are not held back by the rest of the page.
  const detailsShown = useDeferredValue(data.data !== undefined && catalogue !== null);

  const sealantName = useNameById(catalogue?.sealants);
  // ADR 010: only transits that can be built are summed; the others are listed beside the totals.
  const { projectTotals, notBuildable } = useMemo(() => {
    if (!catalogue || !detailsShown) return { projectTotals: [], notBuildable: [] };
    const sized = transits.map((tr) => figures.get(tr.id) ?? figuresOf(tr, catalogue));
    const result = totalsOfProject(sized);
    return {
      projectTotals: materialLines(result.totals, units, tt, sealantName),
      notBuildable: result.notBuildable.flatMap(({ index }) => {
        const tr = transits[index];
        const sizing = sized[index];
        return tr && sizing ? [{ id: tr.id, name: tr.name, reason: verdictText(sizing, units, t) }] : [];
      }),
    };
  }, [catalogue, detailsShown, transits, figures, units, tt, t, sealantName]);

  // The list's rows, made again only when the transits, their figures or the units change (a large project's
  // 500 verdict texts are not written again on every render of the page).
  const rows = useMemo(
    (): TransitRow[] =>
      transits.map((tr) => {
        const f = figures.get(tr.id);
        const dims =
          tr.shape === 'ROUND'
            ? tr.diameterMm
              ? `Ø ${units.formatLength(tr.diameterMm)}`
              : '—'
            : tr.widthMm && tr.heightMm
              ? `${units.formatLength(tr.widthMm)} × ${units.formatLength(tr.heightMm)}`
              : '—';
        const complete = f !== undefined && f.transitAreaMm2 > 0;
        return {
          id: tr.id,
          name: tr.name,
          shapeLabel: tt(`shape.${tr.shape}`),
          dimensions: dims,
          itemCount: f?.itemCount ?? tr.penetratingItemCount,
          fillPercent: complete ? fillPercentOf(f) : null,
          status: f ? transitStatusOf(f) : 'INCOMPLETE',
          statusText: f ? verdictText(f, units, t) : t('transits.statusOf.INCOMPLETE'),
        };
      }),
    [transits, figures, units, tt, t],
  );
  const recent = useMemo(
    () =>
      [...transits]
        .sort((a, b) => b.auditing.lastUpdatedOn.localeCompare(a.auditing.lastUpdatedOn))
        .slice(0, RECENT_TRANSITS)
        .map((tr) => ({ id: tr.id, name: tr.name })),
    [transits],
  );

  if (data.isPending || formData.isPending) {
    return (
      <Center h="60vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (data.error || formData.error || !data.data || !catalogue) {
    const error = data.error ?? formData.error;
    const notFound = error instanceof ApiRequestError && error.code === 'NOT_FOUND';
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={notFound ? t('errors.notFound') : t('errors.loadFailed')}>
          <Stack gap="xs">
            <Text size="sm">{error?.message}</Text>
            <Anchor component={Link} to="/projects">
              {t('errors.backToProjects')}
            </Anchor>
          </Stack>
        </Alert>
      </Container>
    );
  }

  const { project, customer } = data.data;
  const siteData = site.data;
  const siteRows = siteData ? new Map(siteData.transits.map((r) => [r.transitId, r])) : null;
  const labels = siteData ? locationLabels(siteData.locations) : null;
  const listed: TransitRow[] =
    siteData && siteRows && labels
      ? rows.flatMap((row) => {
          const state = siteRows.get(row.id) ?? { locationId: null, status: 'DESIGNED' as const };
          if (!passesSiteFilter(siteFilter, siteData.locations, state)) return [];
          return [
            {
              ...row,
              location: state.locationId ? (labels.get(state.locationId) ?? '') : '',
              siteStatus: state.status,
            },
          ];
        })
      : rows;

  return (
    <Container fluid py="md" px="lg" maw={1600}>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to="/projects" size="sm">
          {t('list.title')}
        </Anchor>
        <Text size="sm">{project.name}</Text>
      </Breadcrumbs>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 3, xl: 2.5 }}>
          <ProjectSidebar
            name={project.name}
            customerName={customer.name}
            industryName={industryName(project.industry)}
            currentTransit={
              current
                ? { id: current.id, name: current.name }
                : isNew
                  ? { id: NEW_TRANSIT, name: t('transits.newTransit') }
                  : null
            }
            recentTransits={recent}
            createdOn={project.auditing.createdOn}
            updatedOn={project.auditing.lastUpdatedOn}
            onSelectTransit={selectTransit}
            onShare={() => setExportDialog({ materialsOnly: false })}
            onMaterials={() => setExportDialog({ materialsOnly: true })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 9, xl: 9.5 }}>
          <Stack gap="md">
            {(renderImportDialog || renderProjectHistory) && (
              <Group justify="flex-end">
                {renderProjectHistory && (
                  <Button variant="default" onClick={() => setHistoryOpen(true)}>
                    {t('history:project.open')}
                  </Button>
                )}
                {renderImportDialog && (
                  <Button variant="light" onClick={() => setImportOpen(true)}>
                    {t('schedules:open')}
                  </Button>
                )}
              </Group>
            )}
            <TransitList
              rows={listed}
              groupByLocation={groupByLocation}
              emptyText={listed.length < rows.length ? t('site:panel.noneMatch') : undefined}
              currentId={current?.id ?? null}
              onSelect={selectTransit}
              onAdd={addTransit}
              onDuplicate={(id) => void duplicateTransit(id)}
              onDelete={(id) => void deleteTransit(id)}
              busy={duplicate.isPending}
            />
            {!detailsShown ? null : initialState ? (
              <TransitEditor
                key={current?.id ?? NEW_TRANSIT}
                catalogue={catalogue}
                catalogueVerified={catalogueVerified}
                initial={initialState}
                resetKey={current ? `${current.id}:${current.version}` : NEW_TRANSIT}
                isNew={!current}
                storedSizing={current?.results ?? null}
                saving={saveAll.isPending}
                onSave={onSave}
                onDirtyChange={onDirtyChange}
              />
            ) : (
              <Card withBorder padding="xl">
                <Stack align="center" gap="xs">
                  <Text c="dimmed">{t('transits.noneYet')}</Text>
                  <Button onClick={addTransit}>{t('transits.add')}</Button>
                </Stack>
              </Card>
            )}
            {/* The site panel (locations, steps, filters) below the editor: the list and the editor stay in view. */}
            {detailsShown && siteData && (
              <SitePanel
                projectId={projectId}
                site={siteData}
                filter={siteFilter}
                onFilterChange={setSiteFilter}
                groupByLocation={groupByLocation}
                onGroupChange={setGroupByLocation}
                current={current ? { id: current.id, name: current.name } : null}
              />
            )}
            {detailsShown &&
              current &&
              renderTransitExtras?.({
                transitId: current.id,
                version: current.version,
                catalogue,
                dirty: editorDirty,
                onRestored: () => void data.refetch(),
              })}
            {detailsShown && (
              <Card withBorder padding="md" component="section" aria-labelledby="project-materials-title">
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h4" id="project-materials-title">
                    {t('materials.title')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t('materials.transitCount', { count: transits.length })}
                  </Text>
                </Group>
                <MaterialsTable
                  lines={projectTotals}
                  catalogueVerified={catalogueVerified}
                  caption={t('materials.title')}
                  emptyText={t('materials.empty')}
                />
                {notBuildable.length > 0 && (
                  <Alert
                    color="red"
                    variant="light"
                    mt="xs"
                    p="xs"
                    title={t('materials.notBuildableTitle')}
                    data-testid="not-buildable"
                  >
                    <List size="sm">
                      {notBuildable.map((n) => (
                        <List.Item key={n.id}>
                          {t('materials.notBuildableLine', {
                            name: n.name,
                            reason: n.reason,
                          })}
                        </List.Item>
                      ))}
                    </List>
                  </Alert>
                )}
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {renderExportDialog?.({
        projectId,
        currentTransitId: current?.id ?? null,
        transits: transits.map((tr) => ({ id: tr.id, name: tr.name })),
        opened: exportDialog !== null,
        onClose: () => setExportDialog(null),
        materialsOnly: exportDialog?.materialsOnly ?? false,
      })}
      {renderImportDialog?.({
        projectId,
        currentTransitId: current?.id ?? null,
        transits: transits.map((tr) => ({ id: tr.id, name: tr.name })),
        catalogue,
        opened: importOpen,
        onClose: () => setImportOpen(false),
        // An import creates transits and may place them at new locations (ADR 031): both are read again.
        onImported: () => {
          void data.refetch();
          void site.refetch();
        },
      })}
      {renderProjectHistory?.({
        projectId,
        projectName: project.name,
        catalogue,
        opened: historyOpen,
        onClose: () => setHistoryOpen(false),
        onOpenTransit: selectTransit,
      })}
    </Container>
  );
}
