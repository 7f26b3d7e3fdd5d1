import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import {
  AUTH_ROUTES,
  CHECK_IN_ROUTE,
  GAME_SEASON_VERIFY_ROUTE,
  GAME_VERIFY_ROUTE,
  ROUTE_NAMES,
  ROUTES,
  type RouteName,
} from '@/config/routes';
import { AppLayout, PageLoading } from './layout/app-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouterNavigation } from './router-navigation';

/*
 * Declarative routing (<BrowserRouter> + useRoutes) rather than a data router: the app loads no data through the
 * router, and the data router's code would be about 17 KB gzip more on the landing page's first download
 *. Pages load lazily with React.lazy; each renders inside the layout with its own error boundary.
 */

/** What a route module (app/routes/<kebab-name>.tsx) exports: its page, as `Component`. */
export interface RouteModule {
  Component: ComponentType;
}

/** One lazy module per route of the route table; TypeScript fails the build if a route has none. */
export const ROUTE_MODULES: Record<RouteName, () => Promise<RouteModule>> = {
  home: () => import('./routes/home'),
  mintBadge: () => import('./routes/mint-badge'),
  game: () => import('./routes/game'),
  referral: () => import('./routes/referral'),
  wallet: () => import('./routes/wallet'),
  task: () => import('./routes/task'),
  coin: () => import('./routes/coin'),
  coinHistory: () => import('./routes/coin-history'),
  ojoTickets: () => import('./routes/ojo-tickets'),
  pointsTickets: () => import('./routes/points-tickets'),
  ojoPrizePool: () => import('./routes/ojo-prize-pool'),
  pointsPrizePool: () => import('./routes/points-prize-pool'),
  ranks: () => import('./routes/ranks'),
  rankingPreview: () => import('./routes/ranking-preview'),
  redeem: () => import('./routes/redeem'),
  redeemHistory: () => import('./routes/redeem-history'),
};

/** A page whose code loads when it is first shown; meanwhile a spinner, on failure a friendly message. */
function RoutePage({ page: Page }: { page: ComponentType }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** Each route's page loader, by route id. */
const preloads = new Map<string, () => Promise<unknown>>();

/**
 * A route whose page module loads lazily. The key gives each route its own error boundary and Suspense state. Once
 * loaded, the page renders at once: a page loaded ahead (`preloadPage`) mounts without showing the spinner.
 */
function pageRoute(id: string, path: string, load: () => Promise<RouteModule>): RouteObject {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= (await load()).Component;
    return loaded;
  };
  const LazyPage = lazy(async () => ({ default: await preload() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  preloads.set(id, preload);
  return { id, path, element: <RoutePage key={id} page={Page} /> };
}

/** Loads a route's page module ahead of its first render (main.tsx, before it takes over the prerendered page). */
export async function preloadPage(id: RouteName): Promise<void> {
  await preloads.get(id)?.();
}

/** The route objects of the app, rendered by <AppRoutes /> under the browser router or the tests' memory router. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      ...ROUTE_NAMES.map((name) => pageRoute(name, ROUTES[name].path, ROUTE_MODULES[name])),
      pageRoute('createProfile', AUTH_ROUTES.createProfile.path, () => import('./routes/create-profile')),
      pageRoute('authCallback', AUTH_ROUTES.authCallback.path, () => import('./routes/auth-callback')),
      pageRoute('checkIn', CHECK_IN_ROUTE.path, () => import('./routes/check-in')),
      pageRoute('gameVerify', GAME_VERIFY_ROUTE.path, () => import('./routes/game-verify')),
      pageRoute(
        'gameSeasonVerify',
        GAME_SEASON_VERIFY_ROUTE.path,
        () => import('./routes/game-season-verify'),
      ),
      pageRoute('notFound', '*', () => import('./routes/not-found')),
    ],
  },
];

/** The app's pages in their layout; a failure of the layout itself still gets the friendly message. */
export function AppRoutes() {
  const page = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      <RouterNavigation>{page}</RouterNavigation>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
