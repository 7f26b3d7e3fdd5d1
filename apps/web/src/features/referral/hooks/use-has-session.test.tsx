import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthStoreContext } from '@/features/auth/hooks/use-auth';
import { type AuthStore, createAuthStore } from '@/features/auth/stores/auth-store';
import { FakeBackend, LOCATION, LocalAccountProvider, NOW } from '@/features/auth/testing/memory-auth';
import { clearSession, getSessionValue, setSessionValue } from '@/lib/session-storage';
import { useHasSession } from './use-has-session';

let store: AuthStore;

function SessionProbe() {
  return <p data-testid="has-session">{String(useHasSession())}</p>;
}

function renderProbe() {
  return render(
    <AuthStoreContext.Provider value={store}>
      <SessionProbe />
    </AuthStoreContext.Provider>,
  );
}

beforeEach(() => {
  clearSession();
  // The session lives in the real cookies the hook reads (jsdom's document.cookie).
  store = createAuthStore({
    api: new FakeBackend(),
    accountProvider: new LocalAccountProvider(),
    session: { get: getSessionValue, set: setSessionValue, clear: clearSession },
    location: LOCATION,
    productName: 'OJO Arena',
    chainId: 11124,
    now: () => NOW,
    notifyError: () => {},
    resetApp: () => {},
    createProfilePath: '/create-profile',
    homePath: '/',
  });
});
afterEach(() => clearSession());

describe('useHasSession', () => {
  it('is true from the first render when a session token is stored (a reload of a logged-in page)', () => {
    setSessionValue('jwt', 'stored-jwt');
    renderProbe();
    expect(screen.getByTestId('has-session')).toHaveTextContent('true');
  });

  it('follows a login and a logout made while the page is open, without any focus or visibility change', async () => {
    renderProbe();
    expect(screen.getByTestId('has-session')).toHaveTextContent('false');

    await act(() => store.loginWithAccount({ referralCode: '', sourceType: 'web' }));
    expect(store.getState().status).toBe('loggedIn');
    expect(screen.getByTestId('has-session')).toHaveTextContent('true');

    await act(() => store.logout());
    expect(screen.getByTestId('has-session')).toHaveTextContent('false');
  });
});
