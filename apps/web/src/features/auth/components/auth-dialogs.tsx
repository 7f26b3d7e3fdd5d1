import { env } from '@/config/env';
import { getLoginReferralFields } from '@/lib/referral-selection';
import { useAuthState, useAuthStore, useSessionUser } from '../hooks/use-auth';
import { LogoutDialog } from './dialogs/logout-dialog';
import { MigrationTipsDialog } from './dialogs/migration-tips-dialog';
import { NewAccountLoginDialog } from './dialogs/new-account-login-dialog';
import { PopupBlockedDialog } from './dialogs/popup-blocked-dialog';
import { WelcomeDialog } from './dialogs/welcome-dialog';

/** The dialogs of product.md 2 that the login opens, driven by the auth store. */
export function AuthDialogs() {
  const store = useAuthStore();
  const state = useAuthState();
  const { user } = useSessionUser();
  if (!store) return null;
  const close = () => store.closeDialog();
  return (
    <>
      <PopupBlockedDialog isOpen={state.dialog === 'popupBlocked'} onClose={close} />
      <NewAccountLoginDialog
        isOpen={state.dialog === 'newAccountLogin'}
        providerName={env.providerName}
        onLogin={() => void store.loginWithAccount(getLoginReferralFields())}
        onClose={close}
      />
      <MigrationTipsDialog
        isOpen={state.dialog === 'migrationTips'}
        providerName={env.providerName}
        isBinding={state.isBinding}
        onBind={() => void store.bindAccount()}
        onClose={close}
      />
      <LogoutDialog
        isOpen={state.dialog === 'logoutConfirm'}
        onConfirm={() => void store.logout()}
        onClose={close}
      />
      <WelcomeDialog
        isOpen={state.isWelcomeOpen}
        productName={env.productName}
        handle={user?.profile?.handle ?? null}
        onClose={() => store.closeWelcome()}
      />
    </>
  );
}
