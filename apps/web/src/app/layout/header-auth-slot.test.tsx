import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionUserOf } from '@/features/auth/hooks/use-auth';
import type { AuthStore } from '@/features/auth/stores/auth-store';
import { AuthTestProviders } from '@/features/auth/testing/auth-test-providers';
import {
  createTestAuthStore,
  type FakeBackend,
  type LocalAccountProvider,
  type MemorySession,
  NOW,
  type TestAuth,
  user,
} from '@/features/auth/testing/memory-auth';
import { ApiError } from '@/lib/api-client';
import { HeaderAuthSlot } from './header-auth-slot';

let auth: TestAuth;
let backend: FakeBackend;
let accountProvider: LocalAccountProvider;
let session: MemorySession;
let store: AuthStore;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSlot(path = '/wallet') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <HeaderAuthSlot />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthTestProviders auth={auth}>
      <RouterProvider router={router} />
    </AuthTestProviders>,
  );
  return router;
}

const slot = () => screen.getByTestId('auth-slot');
const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  auth = createTestAuthStore({ cache: true });
  ({ backend, accountProvider, session, store } = auth);
});

describe('auth slot (product.md 2: the header shows login or logout)', () => {
  it('logs a new player in from the header and sends them to Create profile', async () => {
    renderSlot('/wallet');
    await userEvent.click(within(slot()).getByRole('button', { name: 'Login with Arena Wallet' }));
    await waitFor(() => expect(where()).toBe('/create-profile'));
    expect(within(slot()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(slot()).queryByRole('button', { name: 'Login with Arena Wallet' })).not.toBeInTheDocument();
  });

  it("asks 'Are you sure you want to logout?'; Cancel keeps the session, Logout ends it and goes to /", async () => {
    backend.user = user({ profile: { handle: 'racer', avatar: null, profileId: '1' } });
    backend.created = NOW - 60_000;
    await store.loginWithAccount({ referralCode: '', sourceType: 'web' });
    renderSlot('/wallet');
    await userEvent.click(within(slot()).getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logout' });
    expect(dialog).toHaveTextContent('Are you sure you want to logout?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(session.get('jwt')).toBeDefined();

    await userEvent.click(within(slot()).getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(session.values.size).toBe(0);
    expect(auth.resets).toBe(1);
    expect(accountProvider.disconnects).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('auth dialogs (product.md 2 Dialogs, product.md 8)', () => {
  it("shows the popup-blocked notice with 'Got it'", async () => {
    accountProvider.blocked = true;
    renderSlot('/wallet');
    await userEvent.click(within(slot()).getByRole('button', { name: 'Login with Arena Wallet' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      "POPUP BLOCKED: Please disable 'Block pop-ups' in your phone or browser settings.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens the New account login prompt on cause code 5115; its 'Login with' button logs in", async () => {
    backend.loginFailure = new ApiError({ kind: 'envelope', status: 200, code: '5115', message: 'old' });
    renderSlot('/wallet');
    await userEvent.click(within(slot()).getByRole('button', { name: 'Login with Arena Wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Continue with your new account' });
    backend.loginFailure = null;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login with Arena Wallet' }));
    await waitFor(() => expect(store.getState().status).toBe('loggedIn'));
    expect(screen.queryByRole('dialog', { name: 'Continue with your new account' })).not.toBeInTheDocument();
  });

  it('shows Account Migration Tips to an old user; binding makes a full user', async () => {
    backend.user = user({
      isOldType: true,
      web3authAddress: '0x00000000000000000000000000000000000000aa',
      abstractAddress: {},
      profile: { handle: 'veteran', avatar: null, profileId: '3' },
    });
    renderSlot('/');
    await store.loginWithOauthCode({
      provider: 'google',
      code: 'c',
      redirectUri: 'r',
      codeVerifier: 'v',
      nonce: 'n'.repeat(22),
      returnTo: '/',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Account Migration Tips' });
    expect(dialog).toHaveTextContent('Mar 5, 2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bind an Arena Wallet account' }));
    await waitFor(() => expect(sessionUserOf(store.getState(), backend.user).isFullUser).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Account Migration Tips' })).not.toBeInTheDocument();
    expect(
      within(slot()).queryByRole('button', { name: 'Bind an Arena Wallet account' }),
    ).not.toBeInTheDocument();
  });

  it('shows the welcome modal to an account created within 30 s', async () => {
    backend.user = user({ profile: { handle: 'racer', avatar: null, profileId: '1' } });
    renderSlot('/');
    await store.loginWithAccount({ referralCode: '', sourceType: 'web' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to OJO Arena' });
    expect(dialog).toHaveTextContent('@racer');
    await userEvent.click(within(dialog).getByRole('button', { name: "Let's go" }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
