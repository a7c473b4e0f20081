import {
  ActionIcon,
  Box,
  Divider,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight, IconLanguage, IconRuler2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSelect } from '@/features/settings/components/language-select';
import { MeasurementSwitch } from '@/features/settings/components/measurement-switch';
import { useLanguage } from '@/features/settings/hooks/use-language';
import { useSession } from '@/lib/session';
import { useUnits } from '@/lib/units';
import { visibleNavItems } from './navigation';

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

/** Spec §2 sidebar (Main Navigation) with the measurement switch and language select (spec §1, §4). */
export function AppSidebar({ compact, canCollapse, collapsed, onToggleCollapsed }: AppSidebarProps) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const { pathname } = useLocation();
  const items = visibleNavItems(user);
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
            {items.map((item) => {
              const active = item.isActive(pathname);
              const label = t(`nav.${item.key}`);
              const link = (
                <NavLink
                  key={item.key}
                  component={Link}
                  to={item.to}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  aria-label={compact ? label : undefined}
                  label={compact ? null : label}
                  leftSection={<item.icon size={20} stroke={1.7} aria-hidden />}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  styles={
                    compact
                      ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } }
                      : undefined
                  }
                />
              );
              return compact ? (
                <Tooltip key={item.key} label={label} position="right" withArrow>
                  {link}
                </Tooltip>
              ) : (
                link
              );
            })}
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
