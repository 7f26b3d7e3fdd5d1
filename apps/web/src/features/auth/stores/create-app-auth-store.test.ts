import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { getReferralSelection, selectReferral } from '@/features/referral/hooks/use-referral-selection';
import { getSessionValue, setSessionValue } from '@/lib/session-storage';
import { LocalAccountProvider } from '../testing/memory-auth';
import { createAppAuthStore } from './create-app-auth-store';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('spec 4 Logout in the app: everything the browser kept for the user is gone', () => {
  it('clears the four session cookies, local and session storage, the invite choice and the query cache', async () => {
    const queryClient = new QueryClient();
    const accountProvider = new LocalAccountProvider();
    const store = createAppAuthStore({ queryClient, accountProvider });
    setSessionValue('jwt', 'a.b.c');
    setSessionValue('idToken', 'd.e.f');
    setSessionValue('taskId', '411010');
    setSessionValue('platform', 'twitter');
    localStorage.setItem('something', '1');
    sessionStorage.setItem('other', '2');
    selectReferral('AB12CD', 'DOJO_DASH');
    queryClient.setQueryData(['user'], { id: '42' });

    await store.logout();

    for (const key of ['jwt', 'idToken', 'taskId', 'platform'] as const)
      expect(getSessionValue(key)).toBeUndefined();
    expect(
      document.cookie
        .split(';')
        .filter((part) => part.trim().startsWith('ojo_') && !part.trim().endsWith('=')),
    ).toEqual([]);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(getReferralSelection().referralCode).toBeNull();
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
    expect(accountProvider.disconnects).toBe(1);
    expect(store.getState()).toMatchObject({ status: 'loggedOut', user: null, navigation: { to: '/' } });
  });
});
