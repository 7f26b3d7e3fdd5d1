import { sessions } from '@ojo/db/schema/sessions';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases, type TestDatabase } from '@ojo/db/testing';
import { shouldLogoutOnLoad } from '@ojo/domain/session/token';
import { decodeJwt } from 'jose';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
/** product.md 9: 'Web login session 604800 seconds.' */
const WEB_SESSION_SECONDS = 604_800;
const HOUR_MS = 3_600_000;

const BACKGROUND_TABLES = /"(jobs|leases|signer_nonces|chain_transactions|indexed_blocks|native_transfers)"/;

/**
 * Counts the statements the API sends to the database while `work` runs. PGlite answers `query` itself; on
 * PostgreSQL every statement, pooled or prepared on a checked-out client, goes through the pool's Client `query`.
 */
async function countQueries(database: TestDatabase, work: () => Promise<unknown>): Promise<number> {
  type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
  const driver = database.driver;
  const target: Queryable =
    driver.kind === 'postgres'
      ? ((driver.client as unknown as { Client: { prototype: Queryable } }).Client.prototype as Queryable)
      : (driver.client as unknown as Queryable);
  const original = target.query;
  let count = 0;
  target.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : String((first as { text?: unknown })?.text ?? '');
    // The job runner and the lease holders poll in the background of the same process; they are not the request's.
    if (!BACKGROUND_TABLES.test(text)) count += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    target.query = original;
  }
  return count;
}

describeWithDatabases(
  'sessions: capped at the first sign-in, renewed only near the end, ended by logout',
  ({ database }) => {
    let app: TestApp;
    /** The API's clock, moved by the tests. */
    let nowMs = Date.UTC(2031, 0, 1);

    beforeAll(async () => {
      ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }, { clock: () => nowMs }));
    });
    afterAll(async () => {
      await app?.close();
    });

    const post = (url: string, payload: Record<string, unknown>, jwt?: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...saasHeaders, ...(jwt === undefined ? {} : { jwt_token: jwt }) },
        payload,
      });
    const getUser = (jwt: string) =>
      app.inject({ method: 'GET', url: '/customer', headers: { ...saasHeaders, jwt_token: jwt } });
    const refreshJwt = (jwt: string) =>
      app.inject({
        method: 'POST',
        url: '/customer/token/refresh',
        headers: { ...saasHeaders, jwt_token: jwt },
      });

    /** A SIWE sign-in now (the identity layer's id token) and the login with it, as the web app does. */
    async function signInAndLogin(address: Address = newAddress()) {
      const { idToken } = await app.identity.issue(address);
      const response = await post('/customer/login', { idToken, publicKey: address });
      expect(response.statusCode).toBe(200);
      return { address, idToken, jwt: response.json().obj.jwtKey as string };
    }

    it('a player returning after an hour is still signed in: both tokens last as the session does', async () => {
      const signedInAt = nowMs;
      const { idToken, jwt } = await signInAndLogin();
      const sessionEnd = signedInAt / 1000 + WEB_SESSION_SECONDS;
      expect(decodeJwt(idToken).exp).toBe(sessionEnd);
      expect(decodeJwt(jwt)).toMatchObject({ exp: sessionEnd, sid: decodeJwt(idToken).sid });

      nowMs = signedInAt + HOUR_MS + 60_000;
      // product.md 4: 'On load, if both stored tokens exist and either has expired, the user is logged out.'
      expect(shouldLogoutOnLoad(idToken, jwt, nowMs)).toBe(false);
      expect((await getUser(jwt)).statusCode).toBe(200);
      // The id token still logs in (another tab), into the same session.
      const again = await post('/customer/login', {
        idToken,
        publicKey: getAddress(decodeJwt(idToken).sub!),
      });
      expect(again.statusCode).toBe(200);
      expect(decodeJwt(again.json().obj.jwtKey)).toMatchObject({ sid: decodeJwt(jwt).sid, exp: sessionEnd });
    });

    it('renews only with under 1200 s left, and never past the first sign-in plus 604800 s', async () => {
      const signedInAt = nowMs;
      const { idToken, jwt } = await signInAndLogin();
      const sessionEnd = signedInAt / 1000 + WEB_SESSION_SECONDS;

      // Far from the end: the tokens sent are the ones to keep.
      nowMs = signedInAt + 3 * 24 * HOUR_MS;
      const early = await refreshJwt(jwt);
      expect(early.statusCode).toBe(200);
      expect(early.json().obj.jwtKey).toBe(jwt);
      const earlyId = await post('/identity/refresh', { idToken });
      expect(earlyId.statusCode).toBe(200);
      expect(earlyId.json().obj).toEqual({ idToken, expiresAt: sessionEnd * 1000 });

      // Near the end: new tokens, ending with the session all the same.
      nowMs = (sessionEnd - 600) * 1000;
      const late = await refreshJwt(jwt);
      expect(late.statusCode).toBe(200);
      const renewed = late.json().obj.jwtKey as string;
      expect(renewed).not.toBe(jwt);
      expect(decodeJwt(renewed)).toMatchObject({ iat: sessionEnd - 600, exp: sessionEnd });
      const lateId = await post('/identity/refresh', { idToken });
      expect(lateId.statusCode).toBe(200);
      expect(decodeJwt(lateId.json().obj.idToken)).toMatchObject({
        exp: sessionEnd,
        auth_time: signedInAt / 1000,
      });

      // Past the end nothing works any more: sign in again.
      nowMs = (sessionEnd + 1) * 1000;
      for (const token of [jwt, renewed]) {
        expect((await getUser(token)).statusCode).toBe(401);
        expect((await refreshJwt(token)).statusCode).toBe(401);
      }
      expect((await post('/identity/refresh', { idToken })).statusCode).toBe(401);
      const address = getAddress(decodeJwt(idToken).sub!);
      expect((await post('/customer/login', { idToken, publicKey: address })).statusCode).toBe(401);
    });

    it('logout ends the session: copies of the jwt and of the id token no longer work', async () => {
      const { address, idToken, jwt } = await signInAndLogin();
      // The same player signed in on a second device: logout here does not end it there.
      const other = await signInAndLogin(address);

      const logout = await post('/customer/logout', { idToken }, jwt);
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toMatchObject({ success: true, obj: null });

      const ended = await getUser(jwt);
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toMatchObject({ success: false, msgKey: 'auth.unauthorized' });
      expect((await refreshJwt(jwt)).statusCode).toBe(401);
      expect((await post('/customer/logout', {}, jwt)).statusCode).toBe(401);
      const relogin = await post('/customer/login', { idToken, publicKey: address });
      expect(relogin.statusCode).toBe(401);
      expect(relogin.json().msgKey).toBe('auth.session.ended');
      expect((await post('/identity/refresh', { idToken })).json().msgKey).toBe('identity.session.expired');

      expect((await getUser(other.jwt)).statusCode).toBe(200);
      // A new sign-in works as ever.
      expect((await getUser((await signInAndLogin(address)).jwt)).statusCode).toBe(200);
    });

    it("an old user's logout also ends the id token of the smart account it bound", async () => {
      const oldUser = await insertUser(database().db, {
        isOldType: true,
        web3authAddress: newAddress().toLowerCase(),
      });
      const jwt = await app.issueSessionToken(oldUser.id);
      const smartAccount = newAddress();
      const { idToken } = await app.identity.issue(smartAccount);
      expect((await post('/customer/bind', { idToken, publicKey: smartAccount }, jwt)).statusCode).toBe(200);

      expect((await post('/customer/logout', { idToken }, jwt)).statusCode).toBe(200);
      expect((await getUser(jwt)).statusCode).toBe(401);
      expect((await post('/customer/login', { idToken, publicKey: smartAccount })).statusCode).toBe(401);
    });

    it("an id token logged out before it was ever used cannot log in, and another user's logout cannot end it", async () => {
      const { address, jwt } = await signInAndLogin();
      const { idToken: unused } = await app.identity.issue(address);
      expect((await post('/customer/logout', { idToken: unused }, jwt)).statusCode).toBe(200);
      expect((await post('/customer/login', { idToken: unused, publicKey: address })).statusCode).toBe(401);

      // Someone else's session: their logout ignores an id token that is not their account's.
      const victim = await signInAndLogin();
      const attacker = await signInAndLogin();
      expect((await post('/customer/logout', { idToken: victim.idToken }, attacker.jwt)).statusCode).toBe(
        200,
      );
      expect((await getUser(victim.jwt)).statusCode).toBe(200);
      const [row] = await database()
        .db.select()
        .from(sessions)
        .where(eq(sessions.id, decodeJwt(victim.idToken).sid as string));
      expect(row?.revokedAt).toBeNull();
    });

    describe('the hot path', () => {
      it('checks the session in the one query that loads the user', async () => {
        const { jwt } = await signInAndLogin();
        // GET /customer/sign reads nothing itself: every statement it costs is authentication's.
        const statements = await countQueries(database(), async () => {
          const response = await app.inject({
            method: 'GET',
            url: '/customer/sign',
            headers: { ...saasHeaders, jwt_token: jwt },
          });
          expect(response.statusCode).toBe(200);
        });
        expect(statements).toBe(1);
      });
    });
  },
);
