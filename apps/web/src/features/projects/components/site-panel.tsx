import { useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArchive,
  IconChevronDown,
  IconChevronRight,
  IconFileCertificate,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  DOCUMENT_LANGUAGES,
  LOCATION_NAME_MAX_LENGTH,
  TRANSIT_SITE_STATUSES,
  transitSitePath,
  type DocumentLanguage,
  type LabelPaperSize,
  type Location,
  type ProjectSite,
} from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import {
  downloadArchive,
  downloadAsBuilt,
  downloadLabelSheet,
  useDeleteLocation,
  useSaveLocation,
  useSetTransitLocation,
} from '../api/site-api';
import { NO_LOCATION, locationLabels, locationTree, type SiteFilter } from '../lib/site-filters';
import { SITE_STATUS_COLOR } from '../lib/site-status-colors';

/** ADR 027: a document is written in the reader's interface language. */
function documentLanguage(language: string): DocumentLanguage {
  return (DOCUMENT_LANGUAGES as readonly string[]).includes(language)
    ? (language as DocumentLanguage)
    : DEFAULT_DOCUMENT_LANGUAGE;
}

export interface SitePanelProps {
  projectId: string;
  site: ProjectSite;
  filter: SiteFilter;
  onFilterChange: (filter: SiteFilter) => void;
  groupByLocation: boolean;
  onGroupChange: (group: boolean) => void;
  /** The transit open in the editor (saved), whose location the panel sets. */
  current: { id: string; name: string } | null;
}

/**
 * ADR 031: the project's site work: transits per status, the location and work filters, grouping by location, the
 * current transit's location and site page, the label sheets and the location tree's editor.
 */
export function SitePanel({
  projectId,
  site,
  filter,
  onFilterChange,
  groupByLocation,
  onGroupChange,
  current,
}: SitePanelProps) {
  const { t, i18n } = useTranslation('site');
  const units = useUnits();
  const [treeOpen, setTreeOpen] = useState(false);
  const [making, setMaking] = useState<'asBuilt' | 'archive' | null>(null);
  const setLocation = useSetTransitLocation();
  const labels = useMemo(() => locationLabels(site.locations), [site.locations]);
  const options = useMemo(
    () =>
      locationTree(site.locations).map(({ location }) => ({
        value: location.id,
        label: labels.get(location.id)!,
      })),
    [site.locations, labels],
  );
  const currentLocation = current
    ? (site.transits.find((r) => r.transitId === current.id)?.locationId ?? null)
    : null;

  const failed = (error: unknown) =>
    notify({
      color: 'red',
      title: t('panel.saveFailed'),
      message: error instanceof Error ? error.message : String(error),
    });

  const printLabels = async (paper: LabelPaperSize) => {
    try {
      await downloadLabelSheet(projectId, paper);
    } catch (error) {
      notify({
        color: 'red',
        title: t('panel.labelsFailed'),
        message: error instanceof Error ? error.message : '',
      });
    }
  };

  const language = documentLanguage(i18n.language);
  /** The location the filter shows (its as-built record covers it and the locations below it). */
  const filteredLocation = labels.has(filter.location) ? filter.location : null;
  const handOver = async (what: 'asBuilt' | 'archive', locationId: string | null) => {
    setMaking(what);
    try {
      if (what === 'asBuilt') await downloadAsBuilt(projectId, language, locationId);
      else await downloadArchive(projectId, language, units.system);
    } catch (error) {
      notify({
        color: 'red',
        title: t(what === 'asBuilt' ? 'handover.asBuiltFailed' : 'handover.archiveFailed'),
        message: error instanceof Error ? error.message : '',
      });
    } finally {
      setMaking(null);
    }
  };

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="site-panel-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="site-panel-title">
            {t('panel.title')}
          </Title>
          <Group gap={6} aria-label={t('panel.counts')} role="group" data-testid="site-counts">
            {TRANSIT_SITE_STATUSES.map((status) => (
              <Badge key={status} variant="light" color={SITE_STATUS_COLOR[status]} data-status={status}>
                {t(`status.${status}`)}: {units.formatNumber(site.counts[status], 0)}
              </Badge>
            ))}
          </Group>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            size="xs"
            w={240}
            label={t('panel.location')}
            data={[
              { value: '', label: t('panel.allLocations') },
              { value: NO_LOCATION, label: t('panel.noLocation') },
              ...options,
            ]}
            value={filter.location}
            allowDeselect={false}
            onChange={(value) => onFilterChange({ ...filter, location: value ?? '' })}
          />
          <div>
            <Text size="xs" fw={500} mb={2} id="site-work-label">
              {t('panel.work')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="site-work-label"
              value={filter.work}
              onChange={(value) => onFilterChange({ ...filter, work: value as SiteFilter['work'] })}
              data={[
                { value: 'all', label: t('panel.workAll') },
                { value: 'toInstall', label: t('panel.toInstall') },
                { value: 'toInspect', label: t('panel.toInspect') },
              ]}
            />
          </div>
          <Switch
            size="sm"
            label={t('panel.groupByLocation')}
            checked={groupByLocation}
            onChange={(e) => onGroupChange(e.currentTarget.checked)}
          />
          <Group gap={6} ml="auto">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPrinter size={14} />}
              onClick={() => void printLabels('A4')}
            >
              {t('panel.labelsA4')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPrinter size={14} />}
              onClick={() => void printLabels('LETTER')}
            >
              {t('panel.labelsLetter')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileCertificate size={14} />}
              loading={making === 'asBuilt'}
              onClick={() => void handOver('asBuilt', filteredLocation)}
            >
              {filteredLocation
                ? t('handover.asBuiltOf', { location: labels.get(filteredLocation) })
                : t('handover.asBuilt')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArchive size={14} />}
              loading={making === 'archive'}
              onClick={() => void handOver('archive', null)}
            >
              {t('handover.archive')}
            </Button>
          </Group>
        </Group>
        {current && (
          <Group gap="sm" align="flex-end">
            <Select
              size="xs"
              w={280}
              label={t('panel.transitLocation', { name: current.name })}
              data={[{ value: '', label: t('panel.noLocation') }, ...options]}
              value={currentLocation ?? ''}
              allowDeselect={false}
              disabled={setLocation.isPending}
              onChange={(value) =>
                void setLocation
                  .mutateAsync({ transitId: current.id, locationId: value ? value : null })
                  .catch(failed)
              }
            />
            <Anchor component={Link} to={transitSitePath(current.id)} size="sm" pb={4}>
              {t('panel.openSite', { name: current.name })}
            </Anchor>
          </Group>
        )}
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          px={4}
          leftSection={treeOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          aria-expanded={treeOpen}
          aria-controls="site-location-tree"
          onClick={() => setTreeOpen((open) => !open)}
        >
          {t('locations.title')} ({units.formatNumber(site.locations.length, 0)})
        </Button>
        {treeOpen && (
          <div id="site-location-tree">
            <LocationEditor
              projectId={projectId}
              locations={site.locations}
              labels={labels}
              onError={failed}
              onAsBuilt={(locationId) => void handOver('asBuilt', locationId)}
            />
          </div>
        )}
      </Stack>
    </Card>
  );
}

interface Draft {
  id?: string;
  version?: number;
  name: string;
  parentId: string;
}

/** The location tree of the project: add, add below, rename or move, delete. */
function LocationEditor({
  projectId,
  locations,
  labels,
  onError,
  onAsBuilt,
}: {
  projectId: string;
  locations: Location[];
  labels: Map<string, string>;
  onError: (error: unknown) => void;
  /** ADR 035: the as-built record of a location and those below it. */
  onAsBuilt: (locationId: string) => void;
}) {
  const { t } = useTranslation('site');
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const [draft, setDraft] = useState<Draft>({ name: '', parentId: '' });
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const rows = useMemo(() => locationTree(locations), [locations]);
  const edit = (next: Draft) => {
    setDraft(next);
    setError(null);
    nameRef.current?.focus();
  };

  const submit = async () => {
    try {
      const saved = await save.mutateAsync({
        projectId,
        name: draft.name,
        parentId: draft.parentId || null,
        ...(draft.id ? { id: draft.id, version: draft.version } : {}),
      });
      notify({ color: 'green', message: t('locations.saved', { name: saved.name }) });
      setDraft({ name: '', parentId: draft.parentId });
      setError(null);
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields)
        setError(e.fields['location.name'] ?? e.fields['location.parentId'] ?? e.message);
      else onError(e);
    }
  };

  const confirmDelete = (location: Location) =>
    modals.openConfirmModal({
      title: t('locations.deleteTitle'),
      children: <Text size="sm">{t('locations.deleteMessage', { name: location.name })}</Text>,
      labels: { confirm: t('locations.confirm'), cancel: t('locations.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove
          .mutateAsync(location.id)
          .then(() => notify({ color: 'green', message: t('locations.deleted', { name: location.name }) }))
          .catch(onError),
    });

  const parents = rows
    .filter(({ location }) => location.id !== draft.id)
    .map(({ location }) => ({ value: location.id, label: labels.get(location.id)! }));

  return (
    <Stack gap="xs" mt={4}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            ref={nameRef}
            size="xs"
            w={220}
            label={t('locations.name')}
            value={draft.name}
            maxLength={LOCATION_NAME_MAX_LENGTH}
            error={error ?? undefined}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <Select
            size="xs"
            w={240}
            label={t('locations.parent')}
            data={[{ value: '', label: t('locations.topLevel') }, ...parents]}
            value={draft.parentId}
            allowDeselect={false}
            onChange={(value) => setDraft({ ...draft, parentId: value ?? '' })}
          />
          <Group gap={6} mt={22}>
            <Button size="xs" type="submit" loading={save.isPending}>
              {draft.id ? t('locations.save') : t('locations.add')}
            </Button>
            {draft.id && (
              <Button size="xs" variant="default" onClick={() => edit({ name: '', parentId: '' })}>
                {t('locations.cancel')}
              </Button>
            )}
          </Group>
        </Group>
      </form>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('locations.none')}
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          aria-label={t('locations.tree')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rows.map(({ location, depth }) => (
            <Group
              key={location.id}
              component="li"
              gap={4}
              pl={depth * 20}
              wrap="nowrap"
              data-testid={`location-${location.id}`}
            >
              <Text size="sm" style={{ flex: 1 }}>
                {location.name}
              </Text>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('handover.asBuiltOf', { location: location.name })}
                title={t('handover.asBuiltOf', { location: location.name })}
                onClick={() => onAsBuilt(location.id)}
              >
                <IconFileCertificate size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('locations.addChild', { name: location.name })}
                title={t('locations.addChild', { name: location.name })}
                onClick={() => edit({ name: '', parentId: location.id })}
              >
                <IconPlus size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('locations.rename', { name: location.name })}
                title={t('locations.rename', { name: location.name })}
                onClick={() =>
                  edit({
                    id: location.id,
                    version: location.version,
                    name: location.name,
                    parentId: location.parentId ?? '',
                  })
                }
              >
                <IconPencil size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                color="red"
                aria-label={t('locations.delete', { name: location.name })}
                title={t('locations.delete', { name: location.name })}
                onClick={() => confirmDelete(location)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
