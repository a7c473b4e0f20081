import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import type { AssignableRoleName } from '@sealplan/contracts';
import { ASSIGNABLE_ROLES, setRoles, useAdminMutation, type AdminUser } from '../api/users-api';
import { joinFailures } from './confirm-action';

/** A role across the selection: every user has it, none has it, or some do (kept as each user has it). */
export type RoleState = 'on' | 'off' | 'mixed';

/** Where the dialog starts: the selected users' current roles (issue 18 item 13). */
export function initialRoleStates(
  users: readonly Pick<AdminUser, 'roles'>[],
): Record<AssignableRoleName, RoleState> {
  const states = {} as Record<AssignableRoleName, RoleState>;
  for (const role of ASSIGNABLE_ROLES) {
    const holders = users.filter((u) => u.roles.includes(role)).length;
    states[role] = holders === 0 ? 'off' : holders === users.length ? 'on' : 'mixed';
  }
  return states;
}

/** Spec §6: set the assignable roles in bulk for the selected users, starting from the roles they have. */
export function SetRolesDialog({ users, onClose }: { users: AdminUser[] | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={users !== null} onClose={onClose} title={t('roles.title')} centered>
      {users && <RolesForm users={users} onClose={onClose} />}
    </Modal>
  );
}

function RolesForm({ users, onClose }: { users: AdminUser[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [initial] = useState(() => initialRoleStates(users));
  const [states, setStates] = useState(initial);
  const save = useAdminMutation((input: { roles: AssignableRoleName[]; unchanged: AssignableRoleName[] }) =>
    setRoles(
      users.map((u) => u.id),
      input.roles,
      input.unchanged,
    ),
  );
  // A mixed role cycles mixed -> on -> off -> mixed, so "leave it as each user has it" stays reachable.
  const next = (role: AssignableRoleName): RoleState => {
    const now = states[role];
    if (now === 'mixed') return 'on';
    if (now === 'on') return 'off';
    return initial[role] === 'mixed' ? 'mixed' : 'on';
  };
  const withState = (state: RoleState) => ASSIGNABLE_ROLES.filter((r) => states[r] === state);
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
        {ASSIGNABLE_ROLES.map((role) => (
          <Checkbox
            key={role}
            label={t(`roleNames.${role}`)}
            checked={states[role] === 'on'}
            indeterminate={states[role] === 'mixed'}
            onChange={() => setStates((s) => ({ ...s, [role]: next(role) }))}
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
