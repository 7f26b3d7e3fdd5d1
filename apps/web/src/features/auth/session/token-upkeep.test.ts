import { describe, expect, it } from 'vitest';
import { MemorySession, NOW, tokenExpiringAt } from '../testing/memory-auth';
import { renewExpiringTokens, renewWhenVisible } from './token-upkeep';

describe('token upkeep (product.md 4 renewal)', () => {
  it('renews only the tokens due, keeps a token whose renewal fails and reports the new jwt', async () => {
    const session = new MemorySession();
    session.set('idToken', tokenExpiringAt(NOW / 1000 + 100));
    session.set('jwt', tokenExpiringAt(NOW / 1000 + 100));
    const renewedJwts: string[] = [];
    const freshJwt = tokenExpiringAt(NOW / 1000 + 604_800);
    await renewExpiringTokens({
      api: {
        refreshIdToken: () => Promise.reject(new Error('identity layer down')),
        refreshSessionToken: () => Promise.resolve({ sessionToken: freshJwt }),
      },
      session,
      now: NOW,
      onSessionToken: (jwt) => renewedJwts.push(jwt),
    });
    expect(session.get('idToken')).toBe(tokenExpiringAt(NOW / 1000 + 100));
    expect(session.get('jwt')).toBe(freshJwt);
    expect(renewedJwts).toEqual([freshJwt]);

    const calls: string[] = [];
    await renewExpiringTokens({
      api: {
        refreshIdToken: async () => {
          calls.push('id');
          return { idToken: 'x' };
        },
        refreshSessionToken: async () => {
          calls.push('jwt');
          return { sessionToken: 'x' };
        },
      },
      session,
      now: NOW,
    });
    expect(calls).toEqual(['id']);
  });

  it('renews when the document becomes visible, not when hidden, and stops when asked', () => {
    const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    doc.visibilityState = 'hidden';
    let renewals = 0;
    const stop = renewWhenVisible(
      async () => {
        renewals += 1;
      },
      doc as unknown as Document,
    );
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(renewals).toBe(0);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(renewals).toBe(1);
    stop();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(renewals).toBe(1);
  });
});
