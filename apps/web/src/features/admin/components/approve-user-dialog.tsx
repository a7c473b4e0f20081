import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { NEW_USER_ROLE_NAMES } from '@sealplan/contracts';
import { notify } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import {
  BUILT_IN_ASSIGNABLE_ROLES,
  roleLabel,
  setRoles,
  updateUserStatus,
  useAdminMutation,
  useAssignableRoles,
  useOrganizations,
  type AdminUser,
  type ApproveInput,
} from '../api/users-api';
import { joinFailures } from './confirm-action';

const DEFAULT_ROLES: readonly string[] = NEW_USER_ROLE_NAMES;
const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((r) => b.includes(r));

/** Approval, then the roles chosen when they differ from what approval gives (spec §6, ADR 029). */
async function approveWithRoles(input: ApproveInput & { roles: string[] }) {
  const { roles, ...approval } = input;
  await updateUserStatus(approval);
  if (!sameRoles(roles, DEFAULT_ROLES)) await setRoles([input.userId], roles);
}

/**
 * Approve a pending registration into an existing organization (offered first) or a new one named after its
 * company. A new name that an organization already has is refused here and by the server (ADR 014).
 */
export function ApproveUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('approve.title')} centered>
      {user && <ApproveForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function ApproveForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const organizations = useOrganizations(true);
  // Until the approver chooses, the list decides: existing organizations first, a new one when there are none.
  const [picked, setChoice] = useState<'new' | 'existing' | null>(null);
  const choice = picked ?? (organizations.data && organizations.data.length === 0 ? 'new' : 'existing');
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [organizationName, setOrganizationName] = useState(user.company);
  const approve = useAdminMutation(approveWithRoles);
  // The roles the server names assignable, the spec's default for a new user preselected (spec §6).
  const assignable = useAssignableRoles(true).data ?? BUILT_IN_ASSIGNABLE_ROLES;
  const [roles, setRolesChoice] = useState<string[]>([...DEFAULT_ROLES]);
  const taken = (organizations.data ?? []).some(
    (o) => o.name.trim().toLowerCase() === organizationName.trim().toLowerCase(),
  );
  const canSubmit =
    roles.length > 0 &&
    (choice === 'existing' ? organizationId !== null : organizationName.trim() !== '' && !taken);

  const submit = () =>
    approve.mutate(
      {
        userId: user.id,
        isApproved: true,
        roles,
        ...(choice === 'existing'
          ? { organizationId: organizationId! }
          : { organizationName: organizationName.trim() }),
      },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('approve.done', { email: user.email }) });
          onClose();
        },
      },
    );

  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('approve.intro', { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email })}
      </Text>
      {approve.isError && (
        <Alert color="red" role="alert">
          {joinFailures(approve.error, t('errors.failed'))}
        </Alert>
      )}
      <Radio.Group
        label={t('approve.organization')}
        value={choice}
        onChange={(v) => setChoice(v as 'new' | 'existing')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="existing" label={t('approve.existingOrganization')} />
          <Radio value="new" label={t('approve.newOrganization')} />
        </Stack>
      </Radio.Group>
      {choice === 'new' ? (
        <TextInput
          label={t('approve.organizationName')}
          required
          value={organizationName}
          error={taken ? t('approve.nameTaken') : undefined}
          onChange={(e) => setOrganizationName(e.currentTarget.value)}
        />
      ) : (
        <Select
          label={t('approve.chooseOrganization')}
          placeholder={t('approve.chooseOrganization')}
          searchable
          required
          data={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={organizationId}
          onChange={setOrganizationId}
          nothingFoundMessage={
            organizations.isError ? t('errors.organizations') : t('approve.noOrganizations')
          }
        />
      )}
      <Checkbox.Group label={t('roles.label')} value={roles} onChange={setRolesChoice}>
        <Group gap="sm" mt="xs">
          {assignable.map((role) => (
            <Checkbox key={role.id} value={role.id} label={roleLabel(role, t)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={submit} disabled={!canSubmit} loading={approve.isPending}>
          {t('approve.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
