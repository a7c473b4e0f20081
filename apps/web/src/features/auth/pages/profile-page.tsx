import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDevices, IconLink, IconLinkOff, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExternalProvider, UserDevice } from '@sealplan/contracts';
import { confirm } from '@/components/confirm-dialog';
import { ApiRequestError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  DEVICES_KEY,
  LINKED_IDENTITIES_KEY,
  signOutDevice,
  startExternalSignIn,
  unlinkIdentity,
  useDevices,
  useLinkedIdentities,
} from '../api/external-api';
import { usePageTitle } from '../hooks/use-page-title';
import { ActionsHeader } from '@/components/actions-header';

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.messages[0] ? error.messages[0] : fallback;

function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** Linked outside sign-ins: link one per configured provider, unlink any (ADR 018). */
function SignInMethods() {
  const { t } = useTranslation('signin');
  const queryClient = useQueryClient();
  const identities = useLinkedIdentities();
  const when = useDateTime();
  const [busy, setBusy] = useState<string | null>(null);

  if (identities.isPending) return <Loader size="sm" aria-label={t('profile.loading')} />;
  if (identities.isError) return <Alert color="red">{t('errors.generic')}</Alert>;
  const { providers, identities: linked } = identities.data;
  if (providers.length === 0 && linked.length === 0) {
    return <Text c="dimmed">{t('profile.noProviders')}</Text>;
  }

  const link = async (provider: ExternalProvider) => {
    setBusy(provider);
    try {
      await startExternalSignIn(provider, 'link');
    } catch (error) {
      setBusy(null);
      notify({ color: 'red', message: failureText(error, t('errors.startFailed')) });
    }
  };
  const unlink = async (id: string, label: string) => {
    const ok = await confirm({
      title: t('profile.unlinkTitle'),
      message: t('profile.unlinkConfirm', { provider: label }),
      confirmLabel: t('profile.unlink'),
      danger: true,
    });
    if (!ok) return;
    setBusy(id);
    try {
      queryClient.setQueryData(LINKED_IDENTITIES_KEY, await unlinkIdentity(id));
      notify({ color: 'green', message: t('profile.unlinkedToast', { provider: label }) });
    } catch (error) {
      notify({ color: 'red', message: failureText(error, t('errors.generic')) });
    } finally {
      setBusy(null);
    }
  };

  // A provider no longer configured still shows its linked identity, so it can be unlinked.
  const rows = [
    ...providers.map((p) => ({ ...p, configured: true })),
    ...linked
      .filter((i) => !providers.some((p) => p.id === i.provider))
      .map((i) => ({ id: i.provider, label: i.providerLabel, configured: false })),
  ];
  return (
    <Stack gap="sm">
      {rows.map((p) => {
        const identity = linked.find((i) => i.provider === p.id);
        return (
          <Group key={p.id} justify="space-between" wrap="nowrap" aria-label={p.label} role="group">
            <div>
              <Text fw={500}>{p.label}</Text>
              <Text size="sm" c="dimmed">
                {identity
                  ? t('profile.linkedAs', {
                      name: identity.displayName || identity.email || '',
                      date: when(identity.linkedOn),
                    })
                  : t('profile.notLinked')}
              </Text>
            </div>
            {identity ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconLinkOff size={16} />}
                loading={busy === identity.id}
                onClick={() => void unlink(identity.id, p.label)}
              >
                {t('profile.unlink')}
              </Button>
            ) : !p.configured ? null : (
              <Button
                variant="light"
                leftSection={<IconLink size={16} />}
                loading={busy === p.id}
                onClick={() => void link(p.id)}
              >
                {t('profile.link')}
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

/** Spec §3 profile devices: where the user is signed in; each can be signed out (its tokens revoked). */
function Devices() {
  const { t } = useTranslation('signin');
  const queryClient = useQueryClient();
  const { logout } = useSession();
  const devices = useDevices();
  const when = useDateTime();
  const [busy, setBusy] = useState<string | null>(null);

  if (devices.isPending) return <Loader size="sm" aria-label={t('profile.loading')} />;
  if (devices.isError) return <Alert color="red">{t('errors.generic')}</Alert>;
  if (devices.data.length === 0) return <Text c="dimmed">{t('devices.none')}</Text>;

  const nameOf = (d: UserDevice) => d.name || d.browser || t('devices.unknownBrowser');
  const signOut = async (d: UserDevice) => {
    const ok = await confirm({
      title: t('devices.signOutTitle'),
      message: d.isCurrent
        ? t('devices.signOutCurrentConfirm')
        : t('devices.signOutConfirm', { device: nameOf(d) }),
      confirmLabel: t('devices.signOut'),
      danger: true,
    });
    if (!ok) return;
    setBusy(d.id);
    try {
      const answer = await signOutDevice(d.id);
      if (d.isCurrent) {
        await logout();
        return;
      }
      queryClient.setQueryData(DEVICES_KEY, answer.devices);
      notify({ color: 'green', message: t('devices.signedOutToast', { device: nameOf(d) }) });
    } catch (error) {
      notify({ color: 'red', message: failureText(error, t('errors.generic')) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Table.ScrollContainer minWidth={440}>
      <Table verticalSpacing="sm" aria-label={t('devices.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('devices.device')}</Table.Th>
            <Table.Th>{t('devices.system')}</Table.Th>
            <Table.Th>{t('devices.lastSeen')}</Table.Th>
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.data.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Text size="sm">{nameOf(d)}</Text>
                  {d.isCurrent && (
                    <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                      {t('devices.thisDevice')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.os || t('devices.unknownSystem')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{when(d.lastSeenOn)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconLogout size={14} />}
                  loading={busy === d.id}
                  onClick={() => void signOut(d)}
                  aria-label={t('devices.signOutNamed', { device: nameOf(d) })}
                >
                  {t('devices.signOut')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The profile's sign-in page: linked outside sign-ins and the devices the user is signed in on. */
export function ProfilePage() {
  const { t } = useTranslation('signin');
  usePageTitle(t('profile.pageTitle'));
  return (
    <Stack gap="lg" maw={880}>
      <Title order={2}>{t('profile.title')}</Title>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group gap="xs">
            <IconLink size={18} />
            <Title order={3} size="h4">
              {t('profile.methodsTitle')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('profile.methodsHelp')}
          </Text>
          <SignInMethods />
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group gap="xs">
            <IconDevices size={18} />
            <Title order={3} size="h4">
              {t('devices.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('devices.help')}
          </Text>
          <Devices />
        </Stack>
      </Card>
    </Stack>
  );
}
