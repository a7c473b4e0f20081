import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MenuClickAction } from '@sealplan/contracts';
import { UserInfoDialog } from '@/features/auth/components/user-info-dialog';
import { ContactSupportDialog } from '@/features/content/components/contact-support-dialog';
import { useSession } from '@/lib/session';

type RunMenuAction = (action: MenuClickAction) => void;

const MenuActionContext = createContext<RunMenuAction | null>(null);

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
  const run = useCallback<RunMenuAction>(
    (action) => {
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
  const close = useMemo(() => () => setDialog(null), []);
  return (
    <MenuActionContext.Provider value={run}>
      {children}
      <UserInfoDialog
        opened={dialog === 'profile' || dialog === 'password'}
        mode={dialog === 'password' ? 'password' : 'profile'}
        onClose={close}
      />
      <ContactSupportDialog opened={dialog === 'support'} onClose={close} />
    </MenuActionContext.Provider>
  );
}

/** The click-action runner of the shell; outside MenuActionsProvider, actions are not offered (null). */
export function useMenuAction(): RunMenuAction | null {
  return useContext(MenuActionContext);
}
