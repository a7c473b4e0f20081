import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Divider,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight, IconLanguage, IconRuler2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSelect } from '@/features/settings/components/language-select';
import { MeasurementSwitch } from '@/features/settings/components/measurement-switch';
import { useLanguage } from '@/features/settings/hooks/use-language';
import { useAdminSettings } from '@/lib/admin-settings';
import { useUnits } from '@/lib/units';
import { useMenuAction } from './menu-actions';
import type { ShellNavEntry } from './menu-navigation';
import { NAV_ITEMS } from './navigation';
import { useNavLabel, useShellNav } from './use-shell-nav';

export interface AppSidebarProps {
  /** Icons only (collapsed on a desktop, not hovered). */
  compact: boolean;
  /** Show the collapse / expand button (desktop only; the mobile drawer has the burger). */
  canCollapse: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

/** Compact stand-ins for the measurement switch and the language select when the sidebar shows icons only. */
function CompactRegionalControls() {
  const { t } = useTranslation('shell');
  const units = useUnits();
  const { label, options, setLanguage } = useLanguage();
  const next = units.system === 'METRIC' ? 'IMPERIAL' : 'METRIC';
  return (
    <Stack gap={6} align="center">
      <Tooltip label={t('units.switchTo', { system: t(`units.${next}`) })} position="right">
        <UnstyledButton
          onClick={() => units.setSystem(next)}
          aria-label={t('units.compactLabel', { system: t(`units.${units.system}`) })}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          px={8}
          py={6}
        >
          <Stack gap={0} align="center">
            <IconRuler2 size={18} aria-hidden />
            <Text size="xs" fw={700}>
              {units.lengthUnit}
            </Text>
          </Stack>
        </UnstyledButton>
      </Tooltip>
      <Menu position="right-end" withinPortal>
        <Menu.Target>
          <Tooltip label={t('language.label')} position="right">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('language.current', { language: label })}
            >
              <IconLanguage size={20} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('language.label')}</Menu.Label>
          {options.map((option) => (
            <Menu.Item
              key={option}
              onClick={() => setLanguage(option)}
              fw={option === label ? 700 : undefined}
            >
              {option}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}

/** The User Admin screen's path: its sidebar entry carries the count of registrations waiting for approval. */
const USER_ADMIN_PATH = NAV_ITEMS.find((item) => item.key === 'userAdmin')!.to;

/** A count shown beside an entry: the number for the eye, a sentence for a screen reader (its description). */
interface EntryBadge {
  count: number;
  text: string;
}

/** One sidebar entry (a menu item, with its children below it when the sidebar is wide). */
function SidebarEntry({
  entry,
  compact,
  pathname,
  label,
  badgeOf,
}: {
  entry: ShellNavEntry;
  compact: boolean;
  pathname: string;
  label: (entry: ShellNavEntry) => string;
  badgeOf: (entry: ShellNavEntry) => EntryBadge | null;
}) {
  const runAction = useMenuAction();
  const active = entry.isActive(pathname);
  const text = label(entry);
  const icon = entry.imageUrl ? (
    <Avatar src={entry.imageUrl} size={20} radius="sm" alt="" />
  ) : (
    <entry.icon size={20} stroke={1.7} aria-hidden />
  );
  const children = compact ? [] : entry.children;
  const ownActive = active && !children.some((c) => c.isActive(pathname));
  const badge = badgeOf(entry);
  // The count describes the entry without renaming it: the link stays "User Admin" for a screen reader.
  const badgeId = badge ? `${entry.id}-badge` : undefined;
  const props = {
    active,
    'aria-current': ownActive ? ('page' as const) : undefined,
    'aria-label': compact ? text : undefined,
    'aria-describedby': badgeId,
    label: compact ? null : text,
    leftSection: icon,
    rightSection:
      badge && !compact ? (
        <Badge size="sm" circle={badge.count < 10} aria-hidden data-testid={`${entry.id}-badge`}>
          {badge.count}
        </Badge>
      ) : undefined,
    variant: 'light',
    defaultOpened: active,
    style: { borderRadius: 'var(--mantine-radius-md)' },
    styles: compact ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } } : undefined,
    children:
      children.length > 0
        ? children.map((child) => (
            <SidebarEntry
              key={child.id}
              entry={child}
              compact={false}
              pathname={pathname}
              label={label}
              badgeOf={badgeOf}
            />
          ))
        : undefined,
  };
  const action = runAction && entry.action;
  // A menu item with a click action is a button that runs it; one linking to another site opens in a new tab.
  const link = action ? (
    <NavLink {...props} component="button" type="button" onClick={() => runAction(action)} />
  ) : entry.external ? (
    <NavLink {...props} component="a" href={entry.to} target="_blank" rel="noopener noreferrer" />
  ) : (
    <NavLink {...props} component={Link} to={entry.to} />
  );
  const description = badge && <VisuallyHidden id={badgeId}>{badge.text}</VisuallyHidden>;
  return compact ? (
    <>
      <Tooltip label={badge ? `${text} (${badge.text})` : text} position="right" withArrow>
        {link}
      </Tooltip>
      {description}
    </>
  ) : (
    <>
      {link}
      {description}
    </>
  );
}

/** Spec §2 sidebar (Main Navigation) with the measurement switch and language select (spec §1, §4). */
export function AppSidebar({ compact, canCollapse, collapsed, onToggleCollapsed }: AppSidebarProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const entries = useShellNav();
  const labelOf = useNavLabel();
  // Spec §7 adminSettings (loaded at start): a user administrator sees how many registrations wait for approval.
  const pendingUsers = useAdminSettings()?.counts.pendingUsers ?? 0;
  const badgeOf = (entry: ShellNavEntry): EntryBadge | null =>
    pendingUsers > 0 && entry.to === USER_ADMIN_PATH
      ? { count: pendingUsers, text: t('nav.pendingUsers', { count: pendingUsers }) }
      : null;
  const collapseLabel = collapsed ? t('nav.expand') : t('nav.collapse');
  return (
    <Stack h="100%" gap={0}>
      <ScrollArea flex={1} type="hover" scrollbarSize={6}>
        <Box p={compact ? 'xs' : 'sm'}>
          {compact ? (
            <Divider my="xs" />
          ) : (
            <Text size="xs" fw={700} c="dimmed" className="sealplan-nav-section-label" px="sm" pb="xs" pt={4}>
              {t('nav.main')}
            </Text>
          )}
          <Stack gap={4}>
            {entries.map((entry) => (
              <SidebarEntry
                key={entry.id}
                entry={entry}
                compact={compact}
                pathname={pathname}
                label={labelOf}
                badgeOf={badgeOf}
              />
            ))}
          </Stack>
        </Box>
      </ScrollArea>
      <Divider />
      <Box p={compact ? 'xs' : 'sm'}>
        {compact ? (
          <CompactRegionalControls />
        ) : (
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="xs" fw={700} c="dimmed" className="sealplan-nav-section-label">
                {t('units.label')}
              </Text>
              <MeasurementSwitch fullWidth size="xs" />
            </Stack>
            <LanguageSelect size="xs" />
          </Stack>
        )}
      </Box>
      {canCollapse && (
        <>
          <Divider />
          <Box p="xs" ta={compact ? 'center' : 'right'}>
            <Tooltip label={collapseLabel} position="right">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={collapseLabel}
                aria-expanded={!collapsed}
                onClick={onToggleCollapsed}
              >
                {collapsed ? <IconChevronsRight size={18} /> : <IconChevronsLeft size={18} />}
              </ActionIcon>
            </Tooltip>
          </Box>
        </>
      )}
    </Stack>
  );
}
