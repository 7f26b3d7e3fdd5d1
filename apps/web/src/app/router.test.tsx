import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { env } from '@/config/env';
import { NOT_FOUND_TITLE, ROUTE_NAMES, ROUTES } from '@/config/routes';
import { AppLayout } from './layout/app-layout';
import { AppProvider } from './provider';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes, ROUTE_MODULES } from './router';

/** product.md 2, 'Route list', verbatim (the "and" rows split in two). */
const SPEC_ROUTES = [
  '/',
  '/mint-badge',
  '/game',
  '/referral',
  '/wallet',
  '/game/task',
  '/game/coin',
  '/game/coin-history',
  '/game/tickets/ojo',
  '/game/tickets/points',
  '/game/prize-pool/ojo',
  '/game/prize-pool/points',
  '/game/ranks',
  '/game/ranks/ranking-preview',
  '/game/redeem',
  '/game/redeem/history',
];

const EXPECTED_HEADINGS: Record<string, string> = {
  '/': `Welcome to ${env.productName}`,
  '/mint-badge': 'Badges',
  '/game': 'Game',
  '/referral': 'Referral',
  '/wallet': 'Wallet',
  '/game/task': 'Start Earning',
  '/game/coin': 'Buy OJO',
  '/game/coin-history': 'Coin history',
  '/game/tickets/ojo': 'OJO tickets',
  '/game/tickets/points': 'Points tickets',
  '/game/prize-pool/ojo': 'OJO prize pool',
  '/game/prize-pool/points': 'Points prize pool',
  '/game/ranks': 'Ranks',
  '/game/ranks/ranking-preview': 'Ranking preview',
  '/game/redeem': 'Redeem',
  '/game/redeem/history': 'Redeem history',
};

function BrokenPage(): never {
  throw new Error('kaboom');
}

/** Shows where the memory router is, as the address bar would. */
function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}
const currentPath = () => screen.getByTestId('current-path').textContent;

function renderAt(path: string) {
  render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentPath />
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('route table', () => {
  it('has exactly the routes of the spec route list, each with a lazy page module', () => {
    const paths = ROUTE_NAMES.map((name) => ROUTES[name].path);
    expect([...paths].sort()).toEqual([...SPEC_ROUTES].sort());
    expect(new Set(paths).size).toBe(paths.length);
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual([...ROUTE_NAMES].sort());
  });

  it.each(SPEC_ROUTES)('%s shows its page heading inside the shell', async (path) => {
    renderAt(path);
    // A page's code is imported on first use; on a busy machine that takes more than the default second.
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(heading).toHaveTextContent(EXPECTED_HEADINGS[path] ?? '');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the 404 page with a link home for an unknown path, and the link works', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Welcome to ${env.productName}` }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('marks the current section in the navigation, Game included on its sub-pages', async () => {
    renderAt('/game/tickets/ojo');
    await screen.findByRole('heading', { level: 1, name: 'OJO tickets' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Game' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('navigates with the header links', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: `Welcome to ${env.productName}` });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Badges' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Badges' })).toBeInTheDocument();
    expect(currentPath()).toBe('/mint-badge');
    expect(within(nav).getByRole('link', { name: 'Badges' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the shell and shows a friendly message when a page fails to render', async () => {
    const original = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/broken']}>
            <Routes>
              <Route Component={AppLayout}>
                <Route
                  path="/broken"
                  element={
                    <RouteErrorBoundary>
                      <BrokenPage />
                    </RouteErrorBoundary>
                  }
                />
              </Route>
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
      ).toBeInTheDocument();
    } finally {
      console.error = original;
    }
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByText('kaboom')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
