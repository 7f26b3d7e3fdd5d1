import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { ROUTES } from '@/config/routes';
import type { AuthStore } from '@/features/auth/stores/auth-store';
import { App } from './app';
import { MarkLive } from './mark-live';
import { preloadPage } from './router';

export interface StartAppOptions {
  /** The light start's root, unmounted in the same task as the app renders: no frame in between. */
  replacing?: Root;
  onAuthStore?: (store: AuthStore) => void;
}

/**
 * Starts the whole app (router, query cache, login feature) in the page's root: main.tsx on every page served the app
 * shell; src/landing.tsx on the landing page, at once for a view other than the prerendered one, or when the
 * visitor's light start hands over. A root that already shows a page (the prerendered or the light one) is replaced
 * in one go, its page's code loaded first, so that the loading spinner never shows in between.
 */
export async function startApp(
  container: HTMLElement,
  { replacing, onAuthStore }: StartAppOptions = {},
): Promise<void> {
  const app = (
    <StrictMode>
      <MarkLive container={container}>
        <App onAuthStore={onAuthStore} />
      </MarkLive>
    </StrictMode>
  );
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  if (location.pathname === ROUTES.home.path) {
    await preloadPage('home').catch(() => {}); // the page's error boundary shows the failure
  }
  replacing?.unmount();
  flushSync(() => createRoot(container).render(app));
}
