import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Address } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHomeLoginActions } from '@/lib/login-actions';
import { AuthTestProviders } from '../testing/auth-test-providers';
import {
  account,
  createTestAuthStore,
  type FakeBackend,
  type LocalAccountProvider,
  type MemorySession,
  NOW,
  type TestAuth,
  tokenExpiringAt,
  user,
} from '../testing/memory-auth';

let auth: TestAuth;
let backend: FakeBackend;
let accountProvider: LocalAccountProvider;
let session: MemorySession;

/** What the home page's buttons read from the login actions context. */
function HomeButtonsProbe() {
  const { loginWithProvider, isFullUser, isLoggingIn } = useHomeLoginActions();
  return (
    <div>
      <button type="button" onClick={() => loginWithProvider('AB12CD', 'DOJO_DASH')}>
        login
      </button>
      <p data-testid="full">{String(isFullUser)}</p>
      <p data-testid="logging-in">{String(isLoggingIn)}</p>
    </div>
  );
}

function renderProvider() {
  return render(
    <AuthTestProviders auth={auth}>
      <HomeButtonsProbe />
    </AuthTestProviders>,
  );
}

beforeEach(() => {
  auth = createTestAuthStore({ cache: true });
  ({ backend, accountProvider, session } = auth);
});

describe('AuthStoreProvider: the home login actions and the session upkeep of product.md 4', () => {
  it("plugs the login into home's buttons with the invite fields, and reports logging in and full user", async () => {
    backend.user = user({ profile: { handle: 'racer', avatar: null, profileId: '1' } });
    let release: (address: Address) => void = () => {};
    accountProvider.connect = () => new Promise((resolve) => (release = resolve));
    renderProvider();
    expect(screen.getByTestId('full')).toHaveTextContent('false');
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(screen.getByTestId('logging-in')).toHaveTextContent('true');
    act(() => release(account.address));
    await waitFor(() => expect(screen.getByTestId('full')).toHaveTextContent('true'));
    expect(screen.getByTestId('logging-in')).toHaveTextContent('false');
    expect(backend.loginBodies[0]).toMatchObject({ referralCode: 'AB12CD', sourceType: 'DOJO_DASH' });
  });

  it('renews an id token with under 1200 s left when the page becomes visible again', async () => {
    session.set('idToken', tokenExpiringAt(NOW / 1000 + 600));
    renderProvider();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(session.get('idToken')).toBe(tokenExpiringAt(NOW / 1000 + 7200)));
    expect(backend.calls).toContain('refreshIdToken');
  });

  it('an account provider that disconnects during the login ends the logging-in state', async () => {
    accountProvider.connect = () => new Promise(() => {});
    renderProvider();
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(screen.getByTestId('logging-in')).toHaveTextContent('true');
    act(() => {
      for (const listener of accountProvider.listeners) listener();
    });
    expect(screen.getByTestId('logging-in')).toHaveTextContent('false');
  });
});
