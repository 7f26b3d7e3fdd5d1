import { Outlet, useMatch } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { Header } from './header';
import { ScrollRestoration } from './scroll-restoration';
import { Shell } from './shell';

/** The layout every route renders in. */
export function AppLayout() {
  const isRace = useMatch(ROUTES.game.path) !== null;
  return (
    <Shell header={<Header />} isRace={isRace}>
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
