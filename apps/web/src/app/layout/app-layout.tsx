import type { ReactNode } from 'react';
import { Outlet, useMatch } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollRestoration } from './scroll-restoration';

function Shell({ children }: { children: ReactNode }) {
  // Below lg the race page is its frame alone, exactly the screen under the header: the frame scrolls and the page
  // around it does not (one scroll on a phone), so the footer stays off it there.
  const isRace = useMatch(ROUTES.game.path) !== null;
  return (
    <div className={`flex min-h-dvh flex-col ${isRace ? 'max-lg:h-dvh max-lg:overflow-hidden' : ''}`}>
      <Header />
      <main id="main" className="flex min-h-0 flex-1 flex-col">
        {children}
      </main>
      {isRace ? (
        <div className="max-lg:hidden">
          <Footer />
        </div>
      ) : (
        <Footer />
      )}
    </div>
  );
}

/** The layout every route renders in. */
export function AppLayout() {
  return (
    <Shell>
      <Outlet />
      <ScrollRestoration />
    </Shell>
  );
}

/**
 * Shown in the layout while a page's code loads, so the header never flashes. It fills the screen below the
 * 58 px header, which keeps the footer out of view: the page replacing it then moves nothing the person sees
 * (no layout shift).
 */
export function PageLoading() {
  return (
    <div className="grid min-h-[calc(100dvh-58px)] flex-1 place-items-center py-24">
      <Spinner label="Loading page" />
    </div>
  );
}
