import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { notify } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { updateUserStatus, useAdminMutation, useOrganizations, type AdminUser } from '../api/users-api';
import { joinFailures } from './confirm-action';

/**
 * Approve a pending registration into an existing organization (offered first) or a new one named after its
 * company. A new name that an organization already has is refused here and by the server (issue 18 item 12).
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
  const approve = useAdminMutation(updateUserStatus);
  const taken = (organizations.data ?? []).some(
    (o) => o.name.trim().toLowerCase() === organizationName.trim().toLowerCase(),
  );
  const canSubmit =
    choice === 'existing' ? organizationId !== null : organizationName.trim() !== '' && !taken;

  const submit = () =>
    approve.mutate(
      {
        userId: user.id,
        isApproved: true,
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
