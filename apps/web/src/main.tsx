import { type ReactNode, StrictMode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { ROUTES } from './config/routes';
import { getReferralSelection } from './lib/referral-selection';
import { getJwt } from './lib/session-storage';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * Drops the root's `data-prerendered` mark once the app has rendered (hydrated or replaced) the page: from then on
 * the page is live, which the browser tests wait for, and index.css's rule for the prerendered page no longer applies.
 */
function MarkLive({ children }: { children: ReactNode }) {
  useEffect(() => container?.removeAttribute('data-prerendered'), []);
  return children;
}

const app = (
  <StrictMode>
    <MarkLive>
      <App />
    </MarkLive>
  </StrictMode>
);

/**
 * Whether this visit renders what the build prerendered (vite.prerender.ts): the landing page of a visitor who is
 * not logged in and came with no invite code, nor chose one earlier in this tab.
 */
function isPrerenderedView(): boolean {
  return (
    location.pathname === ROUTES.home.path &&
    !getJwt() &&
    !new URLSearchParams(location.search).get('inviteCode') &&
    !getReferralSelection().referralCode
  );
}

if (!container.hasAttribute('data-prerendered')) {
  createRoot(container).render(app);
} else {
  // The page's code first, so that taking over the prerendered page never shows the loading spinner in between.
  const pageLoaded = location.pathname === ROUTES.home.path ? preloadPage('home') : Promise.resolve();
  void pageLoaded
    .catch(() => {}) // the page's error boundary shows the failure
    .then(() => {
      if (isPrerenderedView()) {
        hydrateRoot(container, app);
        return;
      }
      // Another view of the page (a player, an invite): rendered afresh in one go, replacing the prerendered one.
      flushSync(() => createRoot(container).render(app));
    });
}
