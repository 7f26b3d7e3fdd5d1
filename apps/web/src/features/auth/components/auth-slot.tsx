import { DIALOG_TEXT, LOGIN_TEXT } from '@ojo/domain/messages';
import { needsMigrationBind } from '@ojo/domain/session/user';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { ShortLabel } from '@/components/ui/short-label';
import { env } from '@/config/env';
import { ROUTES } from '@/config/routes';
import { useAuthState, useAuthStore, useSessionUser } from '../hooks/use-auth';
import { AuthRouterBridge } from './auth-router-bridge';
import { AuthSlotFrame } from './auth-slot-frame';

/** The dialogs (and Radix with them) load when one first opens, not with the landing page. */
const AuthDialogs = lazy(async () => ({ default: (await import('./auth-dialogs')).AuthDialogs }));

const SLOT_BUTTON =
  'whitespace-nowrap rounded-xl border border-white/15 bg-white/5 px-3 py-2 text-sm font-bold uppercase tracking-wide text-white transition hover:border-lime/60 hover:text-lime sm:px-4';

/**
 * Where the header shows login or logout (product.md 2). Logged out: the login button (on home only past 300 px,
 * elsewhere at once). Logged in: Logout, which asks for confirmation; an old user who has not migrated also gets the
 * way back to the migration dialog. The slot also hosts the auth dialogs and the auth store's navigations, because
 * it is inside the router on every page.
 */
export function AuthSlot({
  renderLoginButtons,
}: {
  /** The login buttons shown while logged out (the home feature's, composed in src/app). */
  renderLoginButtons: (options: { revealOnScroll: boolean }) => ReactNode;
}) {
  const store = useAuthStore();
  const state = useAuthState();
  const { user } = useSessionUser();
  const { pathname } = useLocation();
  const isHome = pathname === ROUTES.home.path;
  return (
    <AuthSlotFrame>
      {store && state.status === 'loggedIn' ? (
        <>
          {needsMigrationBind(user) ? (
            <button type="button" className={SLOT_BUTTON} onClick={() => store.openDialog('migrationTips')}>
              {/* The whole label fits beside the navigation and Logout from xl (product.md 9); narrower, 'Bind'. */}
              <ShortLabel
                label={DIALOG_TEXT.bindAccountButton(env.providerName)}
                restClassName="max-xl:sr-only"
              />
            </button>
          ) : null}
          <button type="button" className={SLOT_BUTTON} onClick={() => store.openDialog('logoutConfirm')}>
            {LOGIN_TEXT.logout}
          </button>
        </>
      ) : store ? (
        renderLoginButtons({ revealOnScroll: isHome })
      ) : null}
      {store ? <AuthRouterBridge /> : null}
      {store && (state.dialog !== null || state.isWelcomeOpen) ? (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      ) : null}
    </AuthSlotFrame>
  );
}
