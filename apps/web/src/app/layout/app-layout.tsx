import { lazy, useEffect, useState, type CSSProperties } from 'react';
import { AppShell, Box, Overlay } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { OnceOpened } from '@/components/once-opened';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useShellPreferences } from '@/features/settings/hooks/use-shell-preferences';
import { RequireSession } from '@/lib/session';
import { AppErrorBoundary } from '../error-boundary';
import { ServerErrorPage } from '../pages/server-error-page';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { MenuActionsProvider } from './menu-actions';

// The settings panel is fetched when first opened (ADR 033).
const SettingsDrawer = lazy(async () => ({
  default: (await import('@/features/settings/components/settings-drawer')).SettingsDrawer,
}));

export const HEADER_HEIGHT = 60;
export const NAVBAR_WIDTH = 260;
export const NAVBAR_COLLAPSED_WIDTH = 72;
/** Spec §9: desktop from 992 px (Mantine's md breakpoint, 62em); below it the sidebar is an off-canvas drawer. */
export const DESKTOP_QUERY = '(min-width: 62em)';
/** Boxed layout: content in a centred container this wide. */
export const BOXED_MAX_WIDTH = 1080;

/**
 * Signed-in layout (spec §1): header, sidebar, settings panel, page. Guarded (spec §6). The confirm dialogs
 * (components/confirm-dialog, lib/leave-guard) are all on signed-in screens, so their provider is here, not in
 * app/providers: Mantine's modal manager and the floating-ui it brings stay out of the public pages' first
 * download (ADR 033).
 */
export function AppLayout() {
  return (
    <RequireSession>
      <ModalsProvider>
        <ShellFrame />
      </ModalsProvider>
    </RequireSession>
  );
}

function ShellFrame() {
  const { t } = useTranslation('shell');
  const { preferences, setToggle } = useShellPreferences();
  const [mobileOpened, mobileNav] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const [hovering, setHovering] = useState(false);
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true) ?? true;
  const [scroll] = useWindowScroll();
  const location = useLocation();

  // A link in the mobile drawer closes it.
  const closeMobileNav = mobileNav.close;
  useEffect(() => closeMobileNav(), [location.pathname, closeMobileNav]);

  const collapsed = preferences.collapsed;
  const hoverOpen = isDesktop && collapsed && preferences.hover && hovering;
  const compact = isDesktop && collapsed && !hoverOpen;
  // "Fixed" off: the header scrolls away with the page once scrolled past it.
  const headerHidden = !preferences.fixed && scroll.y > HEADER_HEIGHT;

  const navbarStyle = { '--sealplan-navbar-open-width': `${NAVBAR_WIDTH}px` } as CSSProperties;

  return (
    <MenuActionsProvider onOpenSettings={settings.open}>
      <AppShell
        header={{ height: HEADER_HEIGHT, collapsed: headerHidden, offset: true }}
        navbar={{
          width: { base: NAVBAR_WIDTH, md: collapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH },
          breakpoint: 'md',
          collapsed: { mobile: !mobileOpened },
        }}
        padding={{ base: 'md', md: preferences.float ? 'xl' : 'lg' }}
        withBorder={!preferences.float}
      >
        {/* WCAG 2.4.1: the first Tab stop skips the top bar and the navigation (ADR 029). */}
        <a className="sealplan-skip-link" href="#main-content">
          {t('skipToContent')}
        </a>
        <AppShell.Header className="sealplan-header">
          <AppHeader
            mobileNavOpened={mobileOpened}
            onToggleMobileNav={mobileNav.toggle}
            onOpenSettings={settings.open}
          />
        </AppShell.Header>
        <AppShell.Navbar
          className="sealplan-navbar"
          aria-label={t('nav.main')}
          style={navbarStyle}
          data-hover-open={hoverOpen || undefined}
          data-float={preferences.float || undefined}
          data-collapsed={compact || undefined}
          onMouseEnter={() => setHovering(true)}
          onMouseLeave={() => setHovering(false)}
        >
          <AppSidebar
            compact={compact}
            canCollapse={isDesktop}
            collapsed={collapsed}
            onToggleCollapsed={() => setToggle('collapsed', !collapsed)}
          />
        </AppShell.Navbar>
        {!isDesktop && mobileOpened && (
          <Overlay fixed zIndex={99} backgroundOpacity={0.4} onClick={mobileNav.close} />
        )}
        <AppShell.Main className="sealplan-main" id="main-content" tabIndex={-1}>
          <Box
            maw={preferences.boxed ? BOXED_MAX_WIDTH : undefined}
            mx="auto"
            data-boxed={preferences.boxed || undefined}
          >
            <AppErrorBoundary resetKey={location.pathname} fallback={<ServerErrorPage reload embedded />}>
              <Outlet />
            </AppErrorBoundary>
          </Box>
        </AppShell.Main>
        <OnceOpened opened={settingsOpened}>
          {(opened) => <SettingsDrawer opened={opened} onClose={settings.close} />}
        </OnceOpened>
      </AppShell>
    </MenuActionsProvider>
  );
}
