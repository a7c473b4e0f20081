import { ActionIcon, Burger, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconSettings, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useProviderShortName } from '@/lib/page-title';
import { BookmarksMenu, BookmarkToggle } from './bookmarks-menu';
import { useMenuAction } from './menu-actions';
import { HEADER_NAV_ITEM_COUNT } from './navigation';
import { useNavLabel, useShellNav } from './use-shell-nav';
import { UserMenu } from './user-menu';

export interface AppHeaderProps {
  mobileNavOpened: boolean;
  onToggleMobileNav: () => void;
  onOpenSettings: () => void;
}

/** Spec §1 header: brand, the first 4 menu items, bookmarks, the settings panel and the user menu. */
export function AppHeader({ mobileNavOpened, onToggleMobileNav, onOpenSettings }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const shortName = useProviderShortName();
  const labelOf = useNavLabel();
  const runAction = useMenuAction();
  // Spec §1: the header shows the first 4 menu items.
  const items = useShellNav().slice(0, HEADER_NAV_ITEM_COUNT);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={mobileNavOpened}
          onClick={onToggleMobileNav}
          hiddenFrom="md"
          size="sm"
          color="#fff"
          aria-label={mobileNavOpened ? t('nav.closeMenu') : t('nav.openMenu')}
        />
        <UnstyledButton component={Link} to="/dashboard" aria-label={t('nav.home', { name: shortName })}>
          <Group gap={8} wrap="nowrap">
            <IconStack2 size={26} color="var(--sealplan-top-bar-accent)" aria-hidden />
            <Text fw={700} fz="lg" c="white" style={{ letterSpacing: '0.02em' }}>
              {shortName}
            </Text>
          </Group>
        </UnstyledButton>
        <Group component="nav" aria-label={t('nav.header')} gap={4} ml="lg" visibleFrom="md" wrap="nowrap">
          {items.map((item) => {
            const active = item.isActive(pathname);
            const action = runAction && item.action;
            if (action)
              return (
                <UnstyledButton
                  key={item.id}
                  className="sealplan-header-link"
                  onClick={() => runAction(action)}
                >
                  {labelOf(item)}
                </UnstyledButton>
              );
            return item.external ? (
              <a
                key={item.id}
                href={item.to}
                target="_blank"
                rel="noopener noreferrer"
                className="sealplan-header-link"
              >
                {labelOf(item)}
              </a>
            ) : (
              <Link
                key={item.id}
                to={item.to}
                className="sealplan-header-link"
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
              >
                {labelOf(item)}
              </Link>
            );
          })}
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap">
        <BookmarkToggle />
        <BookmarksMenu />
        <Tooltip label={t('settings.open')}>
          <ActionIcon
            className="sealplan-header-icon"
            variant="transparent"
            size="lg"
            aria-label={t('settings.open')}
            onClick={onOpenSettings}
          >
            <IconSettings size={20} />
          </ActionIcon>
        </Tooltip>
        <UserMenu />
      </Group>
    </Group>
  );
}
