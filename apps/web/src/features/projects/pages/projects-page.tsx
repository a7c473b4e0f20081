import { ListState } from '@/components/list-state';
import { ListFooter, SEARCH_DEBOUNCE_MS, useListPages } from '@/components/list-page';
import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notify } from '@/lib/toast';
import {
  IconChevronDown,
  IconChevronUp,
  IconFileImport,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  canImportArchive,
  DEFAULT_PAGE_SIZE,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_MESSAGES,
  type Project,
} from '@sealplan/contracts';
import { useProjectList, useSaveProject, type ProjectListParams } from '../api/projects-api';
import { useImportArchive } from '../api/site-api';
import { useSessionUser } from '@/lib/session';
import { projectMessage } from '../lib/messages';
import { ActionsHeader } from '@/components/actions-header';
import { useIndustryName } from '@/lib/localized-name';

type SortField = ProjectListParams['sortField'];

/** Projects list (spec §2): customer, industry, number of transits, last updated; search, sort, paging; open, rename, delete. */
export function ProjectsPage() {
  const { t, i18n } = useTranslation('projects');
  const industryName = useIndustryName();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<{ field: SortField; direction: 'asc' | 'desc' }>({
    field: 'lastUpdatedOn',
    direction: 'desc',
  });
  const [pageIndex, setPageIndex] = useState(0);
  const [renaming, setRenaming] = useState<Project | null>(null);
  const [newName, setNewName] = useState('');
  const list = useProjectList({
    search: debounced,
    sortField: sort.field,
    sortDirection: sort.direction,
    pageIndex,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const save = useSaveProject();
  const user = useSessionUser();
  const importArchive = useImportArchive();
  // ADR 035: an archive becomes a new project of the organization; its administrators import.
  const onArchive = async (file: File | null) => {
    if (!file) return;
    try {
      const result = await importArchive.mutateAsync(file);
      notify({
        color: 'green',
        message: t('archive.imported', {
          name: result.projectName,
          transits: t('archive.transits', { count: result.transits }),
        }),
      });
      void navigate(`/projects/${result.projectId}`);
    } catch (error) {
      notify({
        color: 'red',
        title: t('archive.importFailed'),
        message: error instanceof Error ? error.message : '',
      });
    }
  };
  const total = list.data?.pager.totalRecords ?? 0;
  const pages = useListPages(total, DEFAULT_PAGE_SIZE, {
    pageIndex,
    setPageIndex,
    loaded: list.data !== undefined && !list.isPlaceholderData,
  });

  const toggleSort = (field: SortField) =>
    setSort((s) =>
      s.field === field
        ? { field, direction: s.direction === 'asc' ? 'desc' : 'asc' }
        : { field, direction: field === 'lastUpdatedOn' ? 'desc' : 'asc' },
    );
  const sortIcon = (field: SortField) =>
    sort.field !== field ? (
      <IconSelector size={14} />
    ) : sort.direction === 'asc' ? (
      <IconChevronUp size={14} />
    ) : (
      <IconChevronDown size={14} />
    );
  const header = (field: SortField, label: string) => (
    <Table.Th
      aria-sort={sort.field === field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton onClick={() => toggleSort(field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          {sortIcon(field)}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );

  const saveProject = async (p: Project, changes: { name?: string; isDelete?: boolean }) => {
    try {
      await save.mutateAsync({
        id: p.id,
        version: p.version,
        customerId: p.customerId,
        industryId: p.industryId,
        name: changes.name ?? p.name,
        description: p.description,
        ...(changes.isDelete ? { isDelete: true } : {}),
      });
      notify({
        color: 'green',
        message: changes.isDelete
          ? t('list.deleted', { name: p.name })
          : t('create.saved', { defaultValue: PROJECT_MESSAGES.saved }),
      });
      return true;
    } catch (error) {
      notify({
        color: 'red',
        title: t('errors.saveFailed'),
        message: error instanceof Error ? error.message : '',
      });
      return false;
    }
  };

  const remove = (p: Project) =>
    modals.openConfirmModal({
      title: t('list.deleteTitle', { name: p.name }),
      children: <Text size="sm">{t('confirm.message')}</Text>,
      labels: { confirm: t('confirm.ok'), cancel: t('confirm.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void saveProject(p, { isDelete: true }),
    });

  const renameValid = newName.trim().length > 0 && newName.trim().length <= PROJECT_NAME_MAX_LENGTH;

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Group gap="xs">
            {canImportArchive(user) && (
              <FileButton onChange={(file) => void onArchive(file)} accept=".zip,application/zip">
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    title={t('archive.hint')}
                    leftSection={<IconFileImport size={16} />}
                    loading={importArchive.isPending}
                  >
                    {t('archive.import')}
                  </Button>
                )}
              </FileButton>
            )}
            <Button component={Link} to="/projects/create" leftSection={<IconPlus size={16} />}>
              {t('list.new')}
            </Button>
          </Group>
        </Group>
        <Card withBorder padding="md">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPageIndex(0);
            }}
            w={340}
            mb="sm"
          />
          <ListState
            isPending={list.isPending}
            error={list.error}
            isEmpty={(list.data?.r.length ?? 0) === 0}
            loadingLabel={t('loading')}
            emptyText={debounced ? t('list.noMatch') : t('list.empty')}
          >
            <Table highlightOnHover verticalSpacing="xs" aria-label={t('list.title')}>
              <Table.Thead>
                <Table.Tr>
                  {header('name', t('list.name'))}
                  {header('customerName', t('list.customer'))}
                  <Table.Th>{t('list.industry')}</Table.Th>
                  <Table.Th ta="right">{t('list.transits')}</Table.Th>
                  {header('lastUpdatedOn', t('list.lastUpdated'))}
                  <ActionsHeader w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.r.map((p) => (
                  <Table.Tr
                    key={p.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => void navigate(`/projects/${p.id}`)}
                  >
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/projects/${p.id}`}
                        fw={600}
                        size="sm"
                        onClick={(e) => e.stopPropagation()}
                      >
                        {p.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.customer.display}</Table.Td>
                    <Table.Td>{industryName(p.industry)}</Table.Td>
                    <Table.Td ta="right">{p.transitCount}</Table.Td>
                    <Table.Td>
                      {new Date(p.auditing.lastUpdatedOn).toLocaleString(i18n.language, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </Table.Td>
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={t('list.rename')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('list.renameNamed', { name: p.name })}
                            onClick={() => {
                              setRenaming(p);
                              setNewName(p.name);
                            }}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('list.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('list.deleteNamed', { name: p.name })}
                            onClick={() => remove(p)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ListState>
          <ListFooter
            totalText={t('list.total', { count: total })}
            pages={pages}
            pageIndex={pageIndex}
            onPageChange={setPageIndex}
          />
        </Card>
      </Stack>
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('list.renameTitle')}
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (renaming && renameValid)
              void saveProject(renaming, { name: newName.trim() }).then((ok) => ok && setRenaming(null));
          }}
        >
          <Stack>
            <TextInput
              label={t('create.name')}
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              error={renameValid ? undefined : projectMessage(t, PROJECT_MESSAGES.name)}
              maxLength={PROJECT_NAME_MAX_LENGTH}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                {t('confirm.cancel')}
              </Button>
              <Button type="submit" disabled={!renameValid} loading={save.isPending}>
                {t('list.renameSave')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Container>
  );
}
