import { describe, expect, it } from 'vitest';
import { usePlayerApp } from '../../support/player-app';

/** A badge id past PostgreSQL's integer is a clear 400, never a 5xx from the database. */
describe('badge calls: out-of-range badge ids are a 400 (PGlite, no chain)', () => {
  const { call } = usePlayerApp();

  it.each([
    ['GET', '/nft/checker/2147483648'],
    ['GET', '/nft/checker/8640000000000001'],
    ['POST', '/wallets/claim/tokens/2147483648'],
  ] as const)('%s %s: 400', async (method, url) => {
    const answer = await call(method, url, method === 'POST' ? {} : undefined);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, msgKey: 'request.invalid' });
  });

  it('GET /nft/checker/2147483647 (the largest integer): no such badge, not an error', async () => {
    const answer = await call('GET', '/nft/checker/2147483647');
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json()).toMatchObject({ success: false });
  });
});
