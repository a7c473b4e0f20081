import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import type { AssignableRoleName } from '@sealplan/contracts';
import { ASSIGNABLE_ROLES, setRoles, useAdminMutation } from '../api/users-api';

const isAssignable = (role: string): role is AssignableRoleName =>
  (ASSIGNABLE_ROLES as readonly string[]).includes(role);
import { joinFailures } from './confirm-action';

/** Spec §6: set the assignable roles in bulk for the selected user ids. */
export function SetRolesDialog({
  userIds,
  initialRoles,
  onClose,
}: {
  userIds: string[] | null;
  initialRoles: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={userIds !== null} onClose={onClose} title={t('roles.title')} centered>
      {userIds && <RolesForm userIds={userIds} initialRoles={initialRoles} onClose={onClose} />}
    </Modal>
  );
}

function RolesForm({
  userIds,
  initialRoles,
  onClose,
}: {
  userIds: string[];
  initialRoles: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [roles, setSelected] = useState<AssignableRoleName[]>(initialRoles.filter(isAssignable));
  const save = useAdminMutation((input: { userIds: string[]; roles: AssignableRoleName[] }) =>
    setRoles(input.userIds, input.roles),
  );
  return (
    <Stack gap="sm">
      <Text size="sm">{t('roles.intro', { count: userIds.length })}</Text>
      {save.isError && (
        <Alert color="red" role="alert">
          {joinFailures(save.error, t('errors.failed'))}
        </Alert>
      )}
      <Checkbox.Group
        value={roles}
        onChange={(v) => setSelected(v.filter(isAssignable))}
        label={t('roles.label')}
      >
        <Stack gap="xs" mt="xs">
          {ASSIGNABLE_ROLES.map((role) => (
            <Checkbox key={role} value={role} label={t(`roleNames.${role}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { userIds, roles },
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
