import {
  createContext,
  lazy,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { MenuClickAction } from '@sealplan/contracts';
import { OnceOpened } from '@/components/once-opened';
import { useSession } from '@/lib/session';

// The shell's dialogs are fetched when first opened (ADR 033): the profile form carries the phone check and the
// support form the dynamic forms, neither of which a page's first visit needs.
const UserInfoDialog = lazy(async () => ({
  default: (await import('@/features/auth/components/user-info-dialog')).UserInfoDialog,
}));
const ContactSupportDialog = lazy(async () => ({
  default: (await import('@/features/content/components/contact-support-dialog')).ContactSupportDialog,
}));

type RunMenuAction = (action: MenuClickAction) => void;

const MenuActionContext = createContext<RunMenuAction | null>(null);

/** How long focus waits for a closing dialog to leave the page (its exit transition) before it gives up. */
const RETURN_FOCUS_WAIT_MS = 2000;

/**
 * The control a dialog gives the keyboard back to (WCAG 2.4.3): the focused element when the action ran, or, when
 * that is an item of a dropdown menu (which closes and disappears), the button that opened the menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement)) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (!menu) return active;
  const target =
    (menu.id && document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`)) ||
    document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return target ?? null;
}

/** Focuses `target` once no dialog is left on the page (Mantine's own return goes to the vanished menu item). */
function focusAfterDialogs(target: HTMLElement) {
  const until = performance.now() + RETURN_FOCUS_WAIT_MS;
  const tick = () => {
    if (!target.isConnected || performance.now() > until) return;
    if (document.querySelector('[role="dialog"]')) return void requestAnimationFrame(tick);
    target.focus();
  };
  requestAnimationFrame(tick);
}

/**
 * Runs a menu item's click action (ADR 016/017): the shell's own dialogs (Contact support, the user profile,
 * Reset Password), the settings panel, printing the page, or signing out. Wraps the header and the sidebar.
 */
export function MenuActionsProvider({
  onOpenSettings,
  children,
}: {
  onOpenSettings: () => void;
  children: ReactNode;
}) {
  const { logout } = useSession();
  const [dialog, setDialog] = useState<'profile' | 'password' | 'support' | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const run = useCallback<RunMenuAction>(
    (action) => {
      opener.current = openerOf(document.activeElement);
      switch (action) {
        case 'contactSupport':
          return setDialog('support');
        case 'openProfile':
          return setDialog('profile');
        case 'changePassword':
          return setDialog('password');
        case 'openSettings':
          return onOpenSettings();
        case 'print':
          return window.print();
        case 'signOut':
          return void logout();
      }
    },
    [logout, onOpenSettings],
  );
  const close = useMemo(
    () => () => {
      setDialog(null);
      if (opener.current) focusAfterDialogs(opener.current);
    },
    [],
  );
  return (
    <MenuActionContext.Provider value={run}>
      {children}
      <OnceOpened opened={dialog === 'profile' || dialog === 'password'}>
        {(opened) => (
          <UserInfoDialog
            opened={opened}
            mode={dialog === 'password' ? 'password' : 'profile'}
            onClose={close}
          />
        )}
      </OnceOpened>
      <OnceOpened opened={dialog === 'support'}>
        {(opened) => <ContactSupportDialog opened={opened} onClose={close} />}
      </OnceOpened>
    </MenuActionContext.Provider>
  );
}

/** The click-action runner of the shell; outside MenuActionsProvider, actions are not offered (null). */
export function useMenuAction(): RunMenuAction | null {
  return useContext(MenuActionContext);
}
