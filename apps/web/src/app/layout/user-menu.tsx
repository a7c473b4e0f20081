import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconDevices,
  IconKey,
  IconLifebuoy,
  IconLogout,
  IconSettings,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { useMenuAction } from './menu-actions';

/**
 * Spec §1 user menu: Reset Password, User Profile (both the user info dialog), Logout. Its dialogs are the shell's
 * (MenuActionsProvider), the same a menu item's click action opens.
 */
export function UserMenu() {
  const { t } = useTranslation(['shell', 'signin']);
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const run = useMenuAction();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const initials =
    `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() ||
    user.email.charAt(0).toUpperCase();
  return (
    <Menu position="bottom-end" width={240} withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton
          className="sealplan-header-icon"
          px={6}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
          aria-label={t('user.menu', { name })}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar
              size={32}
              radius="xl"
              color="white"
              variant="filled"
              styles={{ placeholder: { color: 'var(--sealplan-top-bar)' } }}
            >
              {initials}
            </Avatar>
            <Text size="sm" fw={500} c="white" visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} color="#fff" aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => run?.('changePassword')}>
          {t('user.resetPassword')}
        </Menu.Item>
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => run?.('openProfile')}>
          {t('user.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconDevices size={16} />} onClick={() => void navigate('/profile')}>
          {t('signin:menu.signInAndDevices')}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => void navigate('/settings')}>
          {t('nav.settings')}
        </Menu.Item>
        {/* ADR 016: every signed-in user can file a support request. */}
        <Menu.Item leftSection={<IconLifebuoy size={16} />} onClick={() => run?.('contactSupport')}>
          {t('content:support.open')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
