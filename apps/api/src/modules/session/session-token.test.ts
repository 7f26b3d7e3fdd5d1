import { randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { issueSessionToken, verifySessionToken } from './session-token';

const settings = { secret: randomBytes(32), issuer: 'test-issuer', audience: 'test-audience' };
const userId = '8f14e45f-ceea-4e7a-9c2b-6b7f1d8c9a01';
const sessionId = '0b5c2f64-8d8e-4c9e-9f43-2f0a9a3b7c11';
const NOW_MS = 1_750_000_000_000;
const NOW_S = NOW_MS / 1000;

describe('session tokens', () => {
  it('name the user and the session, and end when the session does', async () => {
    const token = await issueSessionToken(
      settings,
      { userId, sessionId, expiresAt: NOW_S + 604_800 },
      NOW_MS,
    );
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    expect(decodeJwt(token)).toMatchObject({
      sub: userId,
      sid: sessionId,
      iat: NOW_S,
      exp: NOW_S + 604_800,
    });
    expect(await verifySessionToken(settings, token, NOW_MS)).toEqual({
      userId,
      sessionId,
      issuedAt: NOW_S,
      expiresAt: NOW_S + 604_800,
    });
  });

  it('are refused with other settings', async () => {
    const token = await issueSessionToken(settings, { userId, sessionId, expiresAt: NOW_S + 60 }, NOW_MS);
    expect(await verifySessionToken({ ...settings, secret: randomBytes(32) }, token, NOW_MS)).toBeNull();
    expect(await verifySessionToken({ ...settings, audience: 'other' }, token, NOW_MS)).toBeNull();
    expect(await verifySessionToken({ ...settings, issuer: 'other' }, token, NOW_MS)).toBeNull();
  });

  it('are refused once expired by the given clock', async () => {
    const token = await issueSessionToken(settings, { userId, sessionId, expiresAt: NOW_S + 60 }, NOW_MS);
    expect(await verifySessionToken(settings, token, NOW_MS + 59_000)).not.toBeNull();
    expect(await verifySessionToken(settings, token, NOW_MS + 61_000)).toBeNull();
  });

  it('verified once, are still refused with other settings, after their expiry and when altered', async () => {
    const token = await issueSessionToken(settings, { userId, sessionId, expiresAt: NOW_S + 60 }, NOW_MS);
    expect(await verifySessionToken(settings, token, NOW_MS)).not.toBeNull();
    // A second verification: the same claims, and the same refusals as the first.
    expect(await verifySessionToken(settings, token, NOW_MS + 1_000)).toEqual({
      userId,
      sessionId,
      issuedAt: NOW_S,
      expiresAt: NOW_S + 60,
    });
    expect(await verifySessionToken({ ...settings, audience: 'other' }, token, NOW_MS)).toBeNull();
    expect(await verifySessionToken({ ...settings, secret: randomBytes(32) }, token, NOW_MS)).toBeNull();
    const signatureAt = token.lastIndexOf('.') + 1;
    const altered = `${token.slice(0, signatureAt)}${token[signatureAt] === 'A' ? 'B' : 'A'}${token.slice(signatureAt + 1)}`;
    expect(await verifySessionToken(settings, altered, NOW_MS)).toBeNull();
    expect(await verifySessionToken(settings, token, NOW_MS + 60_000)).toBeNull();
    expect(await verifySessionToken(settings, token, NOW_MS + 59_000)).not.toBeNull();
  });
});
