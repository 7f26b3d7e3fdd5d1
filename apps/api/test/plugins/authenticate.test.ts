import { randomBytes, randomUUID } from 'node:crypto';
import { describeWithDatabases } from '@ojo/db/testing';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppConfig } from '../../src/config/env';
import { issueSessionToken } from '../../src/modules/session/session-token';
import { buildTestApp, insertUser, TEST_SAAS_ID } from '../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

describeWithDatabases('authenticate (jwt_token on secure calls)', ({ database }) => {
  let app: TestApp;
  let config: AppConfig;
  let userId: string;

  beforeAll(async () => {
    ({ app, config } = await buildTestApp(database()));
    await app.ready();
    userId = (await insertUser(database().db, { handle: 'auth_tester' })).id;
  });
  afterAll(() => app.close());

  const getUser = (token?: string) =>
    app.inject({
      method: 'GET',
      url: '/customer',
      headers: { saas_id: TEST_SAAS_ID, ...(token === undefined ? {} : { jwt_token: token }) },
    });

  const sign = (
    claims: { sub?: string; iss?: string; aud?: string; exp?: number | string },
    secret?: Uint8Array,
  ) => {
    const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
    if (claims.sub !== undefined) jwt.setSubject(claims.sub);
    jwt.setIssuer(claims.iss ?? config.jwt.issuer);
    jwt.setAudience(claims.aud ?? config.jwt.audience);
    jwt.setExpirationTime(claims.exp ?? '1h');
    return jwt.sign(secret ?? config.jwt.secret);
  };

  const expectUnauthorized = async (token?: string) => {
    const response = await getUser(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      msgKey: 'auth.unauthorized',
      message: expect.any(String),
      obj: null,
      data: null,
    });
  };

  it('answers 200 with the user for a valid session token', async () => {
    const token = await app.issueSessionToken(userId);
    const response = await getUser(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().obj.id).toBe(userId);
  });

  it('refuses a call without jwt_token', async () => {
    await expectUnauthorized();
    await expectUnauthorized('');
  });

  it('refuses a token signed with another key', async () => {
    await expectUnauthorized(await sign({ sub: userId }, randomBytes(32)));
  });

  it('refuses a tampered token', async () => {
    const token = await app.issueSessionToken(userId);
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: randomBytes(4).toString('hex') })).toString(
      'base64url',
    );
    await expectUnauthorized(`${header}.${otherPayload}.${signature}`);
  });

  it('refuses an expired token', async () => {
    await expectUnauthorized(await sign({ sub: userId, exp: Math.floor(Date.now() / 1000) - 10 }));
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    const unsigned = new UnsecuredJWT({})
      .setSubject(userId)
      .setIssuer(config.jwt.issuer)
      .setAudience(config.jwt.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    await expectUnauthorized(unsigned);
  });

  it('refuses a token for another audience or from another issuer', async () => {
    await expectUnauthorized(await sign({ sub: userId, aud: 'another-app' }));
    await expectUnauthorized(await sign({ sub: userId, iss: 'another-issuer' }));
  });

  it('refuses a token without subject, or whose subject is no user', async () => {
    await expectUnauthorized(await sign({}));
    await expectUnauthorized(await sign({ sub: 'not-a-uuid' }));
    await expectUnauthorized(await sign({ sub: '00000000-0000-4000-8000-000000000000' }));
  });

  it('refuses garbage', async () => {
    await expectUnauthorized('not.a.jwt');
    await expectUnauthorized('abc');
  });

  it('refuses a validly signed token whose session was never opened', async () => {
    const token = await issueSessionToken(
      config.jwt,
      { userId, sessionId: randomUUID(), expiresAt: Math.floor(Date.now() / 1000) + 600 },
      Date.now(),
    );
    await expectUnauthorized(token);
  });

  it('refuses a validly signed token without a session (issued before sessions existed)', async () => {
    await expectUnauthorized(await sign({ sub: userId }));
  });
});
