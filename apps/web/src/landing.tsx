import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type HandOver, LandingPage } from './app/landing-page';
import { MarkLive } from './app/mark-live';
import type { StartAppOptions } from './app/start-app';
import { ROUTES } from './config/routes';
import { startOldUserLogin } from './features/auth/lib/old-user-login';
import { getAccountProvider } from './features/auth/wallet/get-account-provider';
import { getReferralSelection } from './lib/referral-selection';
import { getJwt } from './lib/session-storage';

/*
 * The entry of the prerendered landing page (vite.prerender.ts starts it once the hero has painted). A visitor who is
 * not logged in gets the page hydrated without the router and the query library, about a quarter of the app's
 * first download (the initial JavaScript budget, README.md bench:home); the whole app (app/start-app.tsx) loads
 * when the visitor follows a link, logs in, or a session appears. Any other view starts the whole app at once.
 */

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * Whether this visit renders what the build prerendered: the landing page of a visitor who is not logged in and
 * came with no invite code, nor chose one earlier in this tab.
 */
function isPrerenderedView(): boolean {
  return (
    location.pathname === ROUTES.home.path &&
    !getJwt() &&
    !new URLSearchParams(location.search).get('inviteCode') &&
    !getReferralSelection().referralCode
  );
}

if (!isPrerenderedView()) {
  void import('./app/start-app').then(({ startApp }) => startApp(container));
} else {
  let isHandedOver = false;
  /**
   * Once: the whole app replaces this page; `before` runs first (a navigation's new address). When its code cannot
   * load, this page stays, and `otherwise` runs (a link is then followed by the browser).
   */
  const startWholeApp = (
    options: Omit<StartAppOptions, 'replacing'> = {},
    { before, otherwise }: { before?: () => void; otherwise?: () => void } = {},
  ) => {
    if (isHandedOver) return;
    isHandedOver = true;
    void import('./app/start-app').then(
      async ({ startApp }) => {
        before?.();
        await startApp(container, { ...options, replacing: root });
      },
      () => {
        isHandedOver = false;
        otherwise?.();
      },
    );
  };
  const handOver: HandOver = {
    navigate(to) {
      startWholeApp(
        {},
        {
          before() {
            history.pushState(null, '', to);
            window.scrollTo(0, 0); // a new page starts at the top, as the app's router does it
          },
          otherwise: () => location.assign(to),
        },
      );
    },
    loginWithProvider(referralCode, sourceType) {
      // Inside the click, as the login does it: the browser allows the wallet popup only now (product.md 8). The
      // login in the app finds it open.
      try {
        getAccountProvider().openPopup();
      } catch {
        // Blocked: the app's login meets the same refusal and shows the notice.
      }
      let isLoginStarted = false;
      startWholeApp({
        onAuthStore: (store) => {
          if (isLoginStarted) return; // once, even where effects run twice (StrictMode in development)
          isLoginStarted = true;
          void store.loginWithAccount({ referralCode, sourceType });
        },
      });
    },
    oldUserLogin(provider) {
      void startOldUserLogin(provider);
    },
  };
  // A login in another tab shows here when the page is seen again: the app renders the player's page.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && getJwt()) startWholeApp();
  });
  const root = hydrateRoot(
    container,
    <StrictMode>
      <MarkLive container={container}>
        <LandingPage search={location.search} handOver={handOver} />
      </MarkLive>
    </StrictMode>,
  );
}
