import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';
import { getReferralSelection, selectReferral } from '@/lib/referral-selection';
import { getSessionValue, setSessionValue } from '@/lib/session-storage';
import { LocalAccountProvider, tokenExpiringAt, user } from '../testing/memory-auth';
import { createAppAuthStore } from './create-app-auth-store';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the session user is server data in the query cache, not in the store', () => {
  it('loads the user of a restored session into the user query, where every reader takes it', async () => {
    const queryClient = new QueryClient();
    const accountProvider = new LocalAccountProvider();
    const store = createAppAuthStore({ queryClient, accountProvider });
    const answer = user({ profile: { handle: 'racer', avatar: null, profileId: '1' } });
    const callRoute = vi.spyOn(apiClient, 'callRoute').mockResolvedValue(answer);
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    setSessionValue('jwt', tokenExpiringAt(expiry));
    setSessionValue('idToken', tokenExpiringAt(expiry));

    await store.initialize();

    expect(callRoute).toHaveBeenCalledTimes(1);
    expect(callRoute.mock.calls[0]?.[0]).toMatchObject({ method: 'GET', path: '/customer' });
    expect(queryClient.getQueryData(userKeys.current())).toEqual(answer);
    expect(store.getState()).not.toHaveProperty('user');
    expect(accountProvider.restored).toEqual([answer.abstractAddress.osp_aa?.address]);
  });
});

describe('product.md 4 Logout in the app: everything the browser kept for the user is gone', () => {
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
    queryClient.setQueryData(userKeys.current(), user());

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
    expect(queryClient.getQueryData(userKeys.current())).toBeUndefined();
    expect(accountProvider.disconnects).toBe(1);
    expect(store.getState()).toMatchObject({ status: 'loggedOut', jwt: null, navigation: { to: '/' } });
  });
});
