import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AUTH_ROUTES, ROUTE_NAMES, ROUTES, type RouteName } from '@/config/routes';
import { AppLayout, AppLayoutLoading } from './layout/app-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** What a lazy route module exports (react-router's lazy-module convention). */
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

const lazyPage = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).Component });

/** The route objects of the app, shared by the browser router and the tests' memory routers. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: AppLayoutLoading,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      ...ROUTE_NAMES.map(
        (name): RouteObject => ({
          id: name,
          path: ROUTES[name].path,
          lazy: lazyPage(ROUTE_MODULES[name]),
          ErrorBoundary: RouteErrorBoundary,
        }),
      ),
      {
        id: 'createProfile',
        path: AUTH_ROUTES.createProfile.path,
        lazy: lazyPage(() => import('./routes/create-profile')),
        ErrorBoundary: RouteErrorBoundary,
      },
      {
        id: 'authCallback',
        path: AUTH_ROUTES.authCallback.path,
        lazy: lazyPage(() => import('./routes/auth-callback')),
        ErrorBoundary: RouteErrorBoundary,
      },
      {
        id: 'notFound',
        path: '*',
        lazy: lazyPage(() => import('./routes/not-found')),
        ErrorBoundary: RouteErrorBoundary,
      },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

export function AppRouter() {
  browserRouter ??= createBrowserRouter(routes);
  return <RouterProvider router={browserRouter} />;
}
