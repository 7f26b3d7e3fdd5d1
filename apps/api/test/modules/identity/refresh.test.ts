import { randomUUID } from 'node:crypto';
import { describeWithDatabases } from '@ojo/db/testing';
import { decodeJwt, SignJWT } from 'jose';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The session limit of this file's app: two hours. */
const MAX_SESSION_SECONDS = 7200;

describeWithDatabases('POST /identity/refresh: absolute session limit', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {
      RATE_LIMIT_AUTH_MAX: '1000',
      IDENTITY_MAX_SESSION_SECONDS: String(MAX_SESSION_SECONDS),
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const refresh = (idToken: string) =>
    app.inject({ method: 'POST', url: '/identity/refresh', headers: saasHeaders, payload: { idToken } });

  /** A valid id token of this API (its own key, issuer, audience), with the given auth_time or none. */
  const tokenWithAuthTime = (address: Address, authTime: number | undefined) =>
    new SignJWT(authTime === undefined ? { sid: randomUUID() } : { auth_time: authTime, sid: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: app.identity.keys.kid })
      .setSubject(address)
      .setIssuer(app.identity.settings.issuer)
      .setAudience(app.identity.settings.audience)
      .setIssuedAt(nowSeconds() - 60)
      .setExpirationTime(nowSeconds() + 600)
      .sign(app.identity.keys.privateKey);

  it('stamps a fresh sign-in with auth_time and carries it unchanged through renewals', async () => {
    const address = newAddress();
    const signedInAt = Date.now() - 30 * 60 * 1000;
    const { idToken } = await app.identity.issue(address, { authTime: signedInAt });
    expect(decodeJwt((await app.identity.issue(address)).idToken).auth_time).toBeCloseTo(nowSeconds(), -1);

    const first = await refresh(idToken);
    expect(first.statusCode).toBe(200);
    const renewed = decodeJwt(first.json().obj.idToken);
    expect(renewed).toMatchObject({ sub: getAddress(address), auth_time: Math.floor(signedInAt / 1000) });
    expect(first.json().obj.expiresAt).toBe((renewed.exp ?? 0) * 1000);

    const second = await refresh(first.json().obj.idToken);
    expect(second.statusCode).toBe(200);
    expect(decodeJwt(second.json().obj.idToken).auth_time).toBe(Math.floor(signedInAt / 1000));
  });

  it('never renews past the session limit: the last token ends when the session does', async () => {
    const authTime = nowSeconds() - MAX_SESSION_SECONDS + 600;
    const response = await refresh(await tokenWithAuthTime(newAddress(), authTime));
    expect(response.statusCode).toBe(200);
    const { exp } = decodeJwt(response.json().obj.idToken);
    expect(exp).toBeLessThanOrEqual(authTime + MAX_SESSION_SECONDS);
    expect(exp).toBeGreaterThan(nowSeconds() + 500);
  });

  it('refuses to renew a valid token whose sign-in is older than the limit', async () => {
    const address = newAddress();
    const stale = await tokenWithAuthTime(address, nowSeconds() - MAX_SESSION_SECONDS - 1);
    expect(await app.identity.verify(stale)).not.toBeNull();
    const response = await refresh(stale);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, msgKey: 'identity.session.expired' });
  });

  it('refuses to renew a token without auth_time, and an invalid token as before', async () => {
    const response = await refresh(await tokenWithAuthTime(newAddress(), undefined));
    expect(response.statusCode).toBe(401);
    expect(response.json().msgKey).toBe('identity.session.expired');
    const invalid = await refresh('not-a-token');
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json().msgKey).toBe('identity.token.invalid');
  });
});
