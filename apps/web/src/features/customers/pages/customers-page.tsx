import { ListState } from '@/components/list-state';
import { ListFooter, SEARCH_DEBOUNCE_MS, useListPages } from '@/components/list-page';
import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, customerFormToInput, customerToForm, type Customer } from '@sealplan/contracts';
import { confirm } from '@/components/confirm-dialog';
import { notify } from '@/lib/toast';
import { useCustomerList, useSaveCustomer } from '../api/customers-api';
import { CustomerDialog } from '../components/customer-dialog';
import { ActionsHeader } from '@/components/actions-header';
import { useIndustryName } from '@/lib/localized-name';

/** Customers (spec §2, §3): list with search, sort by name, paging, project count and active flag; add and edit. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const industryName = useIndustryName();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sortDirection, setSortDirection] = useState<'asc' | 'desc'>('asc');
  const [pageIndex, setPageIndex] = useState(0);
  const [includeInactive, setIncludeInactive] = useState(false);
  const [editing, setEditing] = useState<Customer | null | undefined>(undefined);
  const save = useSaveCustomer();
  // Deactivating keeps the customer and its projects; it leaves the lists of customers to pick (ADR 014).
  const setActive = async (c: Customer, active: boolean) => {
    if (!active && !(await confirm({ message: t('list.deactivateConfirm', { name: c.name }), danger: true })))
      return;
    const input = customerFormToInput(customerToForm(c), c);
    save.mutate(active ? { ...input, isActive: true } : { ...input, isDelete: true }, {
      onSuccess: () =>
        notify({
          color: 'green',
          message: t(active ? 'list.reactivated' : 'list.deactivated', { name: c.name }),
        }),
      onError: () => notify({ color: 'red', message: t('saveFailed') }),
    });
  };
  const list = useCustomerList({
    search: debounced,
    sortDirection,
    pageIndex,
    pageSize: DEFAULT_PAGE_SIZE,
    includeInactive,
  });
  const total = list.data?.pager.totalRecords ?? 0;
  const pages = useListPages(total, DEFAULT_PAGE_SIZE, {
    pageIndex,
    setPageIndex,
    loaded: list.data !== undefined && !list.isPlaceholderData,
  });

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            {t('list.add')}
          </Button>
        </Group>
        <Card withBorder padding="md">
          <Group justify="space-between" mb="sm">
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('list.search')}
              aria-label={t('list.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPageIndex(0);
              }}
              w={320}
            />
            <Checkbox
              label={t('list.includeInactive')}
              checked={includeInactive}
              onChange={(e) => {
                setIncludeInactive(e.currentTarget.checked);
                setPageIndex(0);
              }}
            />
          </Group>
          <ListState
            isPending={list.isPending}
            error={list.error}
            isEmpty={(list.data?.r.length ?? 0) === 0}
            loadingLabel={t('list.loading')}
            emptyText={debounced ? t('list.noMatch') : t('list.empty')}
          >
            <Table highlightOnHover verticalSpacing="xs" aria-label={t('list.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-sort={sortDirection === 'asc' ? 'ascending' : 'descending'}>
                    <UnstyledButton
                      onClick={() => setSortDirection((d) => (d === 'asc' ? 'desc' : 'asc'))}
                      fw={700}
                      fz="sm"
                    >
                      <Group gap={4}>
                        {t('list.name')}
                        {sortDirection === 'asc' ? (
                          <IconChevronUp size={14} />
                        ) : (
                          <IconChevronDown size={14} />
                        )}
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                  <Table.Th>{t('list.industry')}</Table.Th>
                  <Table.Th>{t('list.contact')}</Table.Th>
                  <Table.Th ta="right">{t('list.projects')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <ActionsHeader w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.r.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={600}>{c.name}</Table.Td>
                    <Table.Td>{industryName(c.industry)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {c.contactFirstName} {c.contactLastName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.contactEmail} · {c.contactPhone}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{c.projectCount}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={c.isActive ? 'green' : 'gray'}>
                        {c.isActive ? t('list.active') : t('list.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('list.edit')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('list.editNamed', { name: c.name })}
                            onClick={() => setEditing(c)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t(c.isActive ? 'list.deactivate' : 'list.reactivate')}>
                          <ActionIcon
                            variant="subtle"
                            color={c.isActive ? 'orange' : 'teal'}
                            aria-label={t(c.isActive ? 'list.deactivateNamed' : 'list.reactivateNamed', {
                              name: c.name,
                            })}
                            disabled={save.isPending}
                            onClick={() => void setActive(c, !c.isActive)}
                          >
                            {c.isActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
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
      <CustomerDialog
        opened={editing !== undefined}
        customer={editing}
        onClose={() => setEditing(undefined)}
      />
    </Container>
  );
}
