import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notify } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import type { AssignableRole } from '@sealplan/contracts';
import {
  BUILT_IN_ASSIGNABLE_ROLES,
  roleLabel,
  setRoles,
  useAdminMutation,
  useAssignableRoles,
  type AdminUser,
} from '../api/users-api';
import { joinFailures } from './confirm-action';

/** A role across the selection: every user has it, none has it, or some do (kept as each user has it). */
export type RoleState = 'on' | 'off' | 'mixed';

/** Where the dialog starts: the selected users' current roles (ADR 014). */
export function initialRoleStates(
  users: readonly Pick<AdminUser, 'roles'>[],
  roles: readonly Pick<AssignableRole, 'id'>[],
): Record<string, RoleState> {
  const states: Record<string, RoleState> = {};
  for (const { id } of roles) {
    const holders = users.filter((u) => u.roles.includes(id)).length;
    states[id] = holders === 0 ? 'off' : holders === users.length ? 'on' : 'mixed';
  }
  return states;
}

/**
 * Spec §6: set the assignable roles in bulk for the selected users, starting from the roles they have. The roles
 * are those the server names assignable (administrator-created ones too); if that list cannot be read, the built-in
 * roles stand in.
 */
export function SetRolesDialog({ users, onClose }: { users: AdminUser[] | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const assignable = useAssignableRoles(users !== null);
  return (
    <Modal opened={users !== null} onClose={onClose} title={t('roles.title')} centered>
      {users &&
        (assignable.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={t('roles.loading')} />
          </Group>
        ) : (
          <RolesForm users={users} roles={assignable.data ?? BUILT_IN_ASSIGNABLE_ROLES} onClose={onClose} />
        ))}
    </Modal>
  );
}

function RolesForm({
  users,
  roles,
  onClose,
}: {
  users: AdminUser[];
  roles: readonly AssignableRole[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [initial] = useState(() => initialRoleStates(users, roles));
  const [states, setStates] = useState(initial);
  const save = useAdminMutation((input: { roles: string[]; unchanged: string[] }) =>
    setRoles(
      users.map((u) => u.id),
      input.roles,
      input.unchanged,
    ),
  );
  // A mixed role cycles mixed -> on -> off -> mixed, so "leave it as each user has it" stays reachable.
  const next = (role: string): RoleState => {
    const now = states[role];
    if (now === 'mixed') return 'on';
    if (now === 'on') return 'off';
    return initial[role] === 'mixed' ? 'mixed' : 'on';
  };
  const withState = (state: RoleState) => roles.map((r) => r.id).filter((r) => states[r] === state);
  const labelOf = (role: AssignableRole) => roleLabel(role, t);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('roles.intro', { count: users.length })}</Text>
      {withState('mixed').length > 0 && (
        <Text size="xs" c="dimmed">
          {t('roles.mixedHint')}
        </Text>
      )}
      {save.isError && (
        <Alert color="red" role="alert">
          {joinFailures(save.error, t('errors.failed'))}
        </Alert>
      )}
      <Stack gap="xs" role="group" aria-label={t('roles.label')}>
        <Text size="sm" fw={500}>
          {t('roles.label')}
        </Text>
        {roles.map((role) => (
          <Checkbox
            key={role.id}
            label={labelOf(role)}
            checked={states[role.id] === 'on'}
            indeterminate={states[role.id] === 'mixed'}
            onChange={() => setStates((s) => ({ ...s, [role.id]: next(role.id) }))}
          />
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { roles: withState('on'), unchanged: withState('mixed') },
              {
                onSuccess: () => {
                  notify({ color: 'green', message: t('roles.saved') });
                  onClose();
                },
              },
            )
          }
        >
          {t('roles.save')}
        </Button>
      </Group>
    </Stack>
  );
}
