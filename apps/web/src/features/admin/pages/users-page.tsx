import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { notify } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { IconUserPlus } from '@tabler/icons-react';
import { canAdministerUsers } from '@sealplan/contracts';
import { RequireAccess } from '@/lib/session';
import {
  runBulkAction,
  updateUserStatus,
  useAdminMutation,
  type AdminUser,
  type BulkAction,
} from '../api/users-api';
import { ApproveUserDialog } from '../components/approve-user-dialog';
import { CreateUserDialog } from '../components/create-user-dialog';
import { confirmAction, joinFailures } from '../components/confirm-action';
import { EditUserDialog } from '../components/edit-user-dialog';
import { SetRolesDialog } from '../components/set-roles-dialog';
import { UsersGrid } from '../components/users-grid';

/** Spec §2 /users/all: pending and active user grids; only for the users `canAdministerUsers` admits (ADR 005),
 * the same rule as the User Admin menu entry. */
export function UsersPage() {
  return (
    <RequireAccess allow={canAdministerUsers}>
      <UserAdmin />
    </RequireAccess>
  );
}

function UserAdmin() {
  const { t } = useTranslation('admin');
  const [error, setError] = useState<string | null>(null);
  const [approving, setApproving] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [known, setKnown] = useState<Record<string, AdminUser>>({});
  const [creating, setCreating] = useState(false);
  const [rolesFor, setRolesFor] = useState<AdminUser[] | null>(null);
  const deny = useAdminMutation(updateUserStatus);
  const bulk = useAdminMutation((input: { action: BulkAction; userIds: string[] }) =>
    runBulkAction(input.action, input.userIds),
  );

  useEffect(() => {
    document.title = `${t('common:appName')} | ${t('title')}`;
  }, [t]);

  const remember = useCallback(
    (users: AdminUser[]) => setKnown((k) => ({ ...k, ...Object.fromEntries(users.map((u) => [u.id, u])) })),
    [],
  );

  const nameOf = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim() || user.email;
  const onDeny = async (user: AdminUser) => {
    const question = t('pending.confirmDeny', { name: nameOf(user) });
    if (!(await confirmAction({ message: question, confirmLabel: t('pending.deny') }))) return;
    setError(null);
    deny.mutate(
      { userId: user.id, isApproved: false },
      {
        onSuccess: () => notify({ color: 'green', message: t('pending.denied', { email: user.email }) }),
        onError: (e) => setError(joinFailures(e, t('errors.failed'))),
      },
    );
  };
  const onBulk = async (action: BulkAction) => {
    if (selected.length === 0) return;
    // Spec §2: the confirm dialog comes before destructive actions; it names the action and the people (ADR 029).
    const one = selected.length === 1 ? known[selected[0]!] : undefined;
    const question = t(`active.confirm.${action}`, {
      count: selected.length,
      name: one ? nameOf(one) : '',
      context: one ? 'named' : undefined,
    });
    if (
      action !== 'restore' &&
      !(await confirmAction({
        message: question,
        confirmLabel: t(`active.${action === 'adminResetPassword' ? 'resetPassword' : action}`),
      }))
    )
      return;
    setError(null);
    bulk.mutate(
      { action, userIds: selected },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t(`active.done.${action}`, { count: selected.length }) });
          if (action === 'delete') setSelected([]);
        },
        onError: (e) => setError(joinFailures(e, t('errors.failed'))),
      },
    );
  };

  return (
    <Stack gap="lg" p="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('pending.title')}
        </Title>
        <UsersGrid
          status="pending"
          rowActions={(user) => (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                color="green"
                onClick={() => setApproving(user)}
                aria-label={t('pending.approveUser', { email: user.email })}
              >
                {t('pending.approve')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => void onDeny(user)}
                aria-label={t('pending.denyUser', { email: user.email })}
              >
                {t('pending.deny')}
              </Button>
            </Group>
          )}
        />
      </Card>
      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('active.title')}
          </Title>
          <Button
            size="xs"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('create.open')}
          </Button>
        </Group>
        <UsersGrid
          status="active"
          showRoles
          selected={selected}
          onSelectedChange={(ids, users) => {
            setSelected(ids);
            remember(users);
          }}
          onRowsLoaded={remember}
          toolbar={
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                disabled={selected.length === 0}
                onClick={() => setRolesFor(selected.flatMap((id) => (known[id] ? [known[id]] : [])))}
              >
                {t('active.setRoles')}
              </Button>
              <Button
                size="xs"
                variant="light"
                disabled={selected.length === 0}
                onClick={() => void onBulk('adminResetPassword')}
              >
                {t('active.resetPassword')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="orange"
                disabled={selected.length === 0}
                onClick={() => void onBulk('suspend')}
              >
                {t('active.suspend')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="teal"
                disabled={selected.length === 0}
                onClick={() => void onBulk('restore')}
              >
                {t('active.restore')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={selected.length === 0}
                onClick={() => void onBulk('delete')}
              >
                {t('active.delete')}
              </Button>
            </Group>
          }
          rowActions={(user) => (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setEditing(user)}
              aria-label={t('active.editUser', { email: user.email })}
            >
              {t('active.edit')}
            </Button>
          )}
        />
      </Card>
      <ApproveUserDialog user={approving} onClose={() => setApproving(null)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <CreateUserDialog opened={creating} onClose={() => setCreating(false)} />
      <SetRolesDialog users={rolesFor} onClose={() => setRolesFor(null)} />
    </Stack>
  );
}
