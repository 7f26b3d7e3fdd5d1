import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getSessionValue, setSessionValue } from '@/lib/session-storage';
import { useHasSession } from '@/lib/use-has-session';
import type { AuthStore } from '../stores/auth-store';
import { createTestAuthStore } from '../testing/memory-auth';
import { AuthStoreContext } from './use-auth';

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
  ({ store } = createTestAuthStore({
    session: { get: getSessionValue, set: setSessionValue, clear: clearSession },
  }));
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
