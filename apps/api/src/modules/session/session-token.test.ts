import { randomBytes } from 'node:crypto';
import { WEB_LOGIN_SESSION_SECONDS as WEB_SESSION_TTL_SECONDS } from '@ojo/domain/constants';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { issueSessionToken, verifySessionToken } from './session-token';

const settings = { secret: randomBytes(32), issuer: 'test-issuer', audience: 'test-audience' };
const customerId = '8f14e45f-ceea-4e7a-9c2b-6b7f1d8c9a01';

describe('session tokens', () => {
  it('last 604800 seconds by default (spec point 9, web login session)', async () => {
    const token = await issueSessionToken(settings, customerId);
    const claims = decodeJwt(token);
    expect(WEB_SESSION_TTL_SECONDS).toBe(604_800);
    expect(claims.exp! - claims.iat!).toBe(604_800);
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
  });

  it('round-trip to the customer id', async () => {
    const token = await issueSessionToken(settings, customerId, 60);
    const verified = await verifySessionToken(settings, token);
    expect(verified?.customerId).toBe(customerId);
    expect(verified!.expiresAt - verified!.issuedAt).toBe(60);
  });

  it('are refused with other settings', async () => {
    const token = await issueSessionToken(settings, customerId, 60);
    expect(await verifySessionToken({ ...settings, secret: randomBytes(32) }, token)).toBeNull();
    expect(await verifySessionToken({ ...settings, audience: 'other' }, token)).toBeNull();
    expect(await verifySessionToken({ ...settings, issuer: 'other' }, token)).toBeNull();
  });

  it('are refused once expired', async () => {
    const token = await issueSessionToken(settings, customerId, -1);
    expect(await verifySessionToken(settings, token)).toBeNull();
  });
});
