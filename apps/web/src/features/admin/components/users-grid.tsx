import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Checkbox,
  Group,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/components/list-page';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  useUserList,
  type AdminUser,
  type SortField,
  type UserListParams,
  type UserListStatus,
} from '../api/users-api';
import { joinFailures } from './confirm-action';

export interface UsersGridProps {
  status: UserListStatus;
  /** Row ids ticked (active grid bulk actions); omit for a grid without selection. */
  selected?: string[];
  onSelectedChange?: (ids: string[], users: AdminUser[]) => void;
  rowActions: (user: AdminUser) => ReactNode;
  toolbar?: ReactNode;
  showRoles?: boolean;
  /** Every page loaded, so a parent that remembers selected users keeps their current roles. */
  onRowsLoaded?: (users: AdminUser[]) => void;
}

/** A paged (default 10), sortable, searchable (debounced 500 ms) grid of users, spec §2 admin grids, §9. */
export function UsersGrid({
  status,
  selected,
  onSelectedChange,
  rowActions,
  toolbar,
  showRoles,
  onRowsLoaded,
}: UsersGridProps) {
  const { t, i18n } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<UserListParams['sort']>({ field: 'dateRegistered', direction: 'desc' });
  const params: UserListParams = { status, pageIndex, pageSize, sort, search: debouncedSearch.trim() };
  const list = useUserList(params);
  const users = list.data?.users ?? [];
  useEffect(() => {
    if (list.data) onRowsLoaded?.(list.data.users);
  }, [list.data, onRowsLoaded]);
  const total = list.data?.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const allOnPage = users.length > 0 && users.every((u) => selected?.includes(u.id));

  const toggleSort = (field: SortField) => {
    setSort((s) =>
      s.field === field
        ? { field, direction: s.direction === 'asc' ? 'desc' : 'asc' }
        : { field, direction: 'asc' },
    );
    setPageIndex(0);
  };
  const header = (field: SortField, label: string) => {
    const active = sort.field === field;
    const Icon = active ? (sort.direction === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
    return (
      <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton onClick={() => toggleSort(field)} aria-label={t('grid.sortBy', { column: label })}>
          <Group gap={4} wrap="nowrap">
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <TextInput
          aria-label={t('grid.search')}
          placeholder={t('grid.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPageIndex(0);
          }}
          w={280}
        />
        {toolbar}
      </Group>
      {list.isError && (
        <Alert color="red" role="alert" mb="sm">
          {joinFailures(list.error, t('errors.load'))}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={t(status === 'pending' ? 'pending.title' : 'active.title')}
        >
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('grid.selectAll')}
                    checked={allOnPage}
                    indeterminate={!allOnPage && users.some((u) => selected.includes(u.id))}
                    onChange={() =>
                      onSelectedChange(
                        allOnPage
                          ? selected.filter((id) => !users.some((u) => u.id === id))
                          : [...new Set([...selected, ...users.map((u) => u.id)])],
                        users,
                      )
                    }
                  />
                </Table.Th>
              )}
              {header('name', t('columns.name'))}
              {header('email', t('columns.email'))}
              {header('company', t('columns.company'))}
              {status === 'active' && header('organization', t('columns.organization'))}
              {showRoles && <Table.Th>{t('columns.roles')}</Table.Th>}
              {status === 'active' && <Table.Th miw={110}>{t('columns.status')}</Table.Th>}
              {header('dateRegistered', t('columns.registered'))}
              <Table.Th>{t('columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text c="dimmed" size="sm" ta="center" py="md">
                    {list.isPending ? t('grid.loading') : t('grid.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {users.map((user) => {
              const name = `${user.firstName} ${user.lastName}`.trim();
              return (
                <Table.Tr key={user.id}>
                  {selectable && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('grid.select', { name: user.email })}
                        checked={selected.includes(user.id)}
                        onChange={(e) =>
                          onSelectedChange(
                            e.currentTarget.checked
                              ? [...selected, user.id]
                              : selected.filter((id) => id !== user.id),
                            users,
                          )
                        }
                      />
                    </Table.Td>
                  )}
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.company}</Table.Td>
                  {status === 'active' && <Table.Td>{user.organizationName ?? '—'}</Table.Td>}
                  {showRoles && (
                    <Table.Td>
                      <Group gap={4}>
                        {user.roles.map((r) => (
                          <Badge key={r} variant="light" size="sm">
                            {t(`roleNames.${r}`, { defaultValue: r })}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  )}
                  {status === 'active' && (
                    <Table.Td>
                      <Badge color={user.isSuspended ? 'orange' : 'green'} variant="light">
                        {t(user.isSuspended ? 'status.suspended' : 'status.active')}
                      </Badge>
                    </Table.Td>
                  )}
                  <Table.Td>
                    {user.dateRegistered ? dateFormat.format(new Date(user.dateRegistered)) : '—'}
                  </Table.Td>
                  <Table.Td>{rowActions(user)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {t('grid.total', { count: total })}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t('grid.pageSize')}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('grid.perPage', { count: n }) }))}
            value={String(pageSize)}
            onChange={(v) => {
              setPageSize(Number(v ?? DEFAULT_PAGE_SIZE));
              setPageIndex(0);
            }}
            allowDeselect={false}
            w={130}
          />
          <Pagination total={pages} value={pageIndex + 1} onChange={(p) => setPageIndex(p - 1)} size="sm" />
        </Group>
      </Group>
    </>
  );
}
