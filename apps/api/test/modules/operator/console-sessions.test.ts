import { randomBytes } from 'node:crypto';
import { auditLog } from '@ojo/db/schema/audit-log';
import { operatorSessions } from '@ojo/db/schema/operators';
import { asc, eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import {
  bearer,
  consoleNonce,
  consoleSignIn,
  consoleSiweMessage,
  operatorTokenOf,
} from '../../support/console';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAccount = () => privateKeyToAccount(generatePrivateKey());

describeWithDatabases(
  'console sign-in, sessions and operators (an EOA signs; roles checked by the server)',
  ({ database }) => {
    let app: TestApp;
    const owner = newAccount();
    /** The API's clock, moved by the tests; it starts at the real time, which the signed messages carry. */
    let nowMs = 0;

    beforeAll(async () => {
      nowMs = Date.now();
      ({ app } = await buildTestApp(
        database(),
        {
          OPERATOR_OWNER_ADDRESSES: owner.address,
          RATE_LIMIT_AUTH_MAX: '1000',
          OPERATOR_SESSION_SECONDS: '600',
        },
        { clock: () => nowMs },
      ));
    });
    afterAll(async () => {
      await app?.close();
    });

    const auditActions = async () =>
      (await app.db.select().from(auditLog).orderBy(asc(auditLog.id))).map((entry) => entry.action);

    it('signs the configured owner in with a console SIWE message, for a short session', async () => {
      const response = await consoleSignIn(app, owner);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      expect(data.operator).toMatchObject({ address: owner.address, role: 'owner', fromConfiguration: true });
      expect(data.expiresAt - nowMs).toBeGreaterThan(590_000);
      expect(data.expiresAt - nowMs).toBeLessThanOrEqual(600_000);

      const session = await app.inject({
        method: 'GET',
        url: '/console/session',
        headers: bearer(data.operatorToken),
      });
      expect(session.statusCode).toBe(200);
      expect(session.json().data.operator.address).toBe(owner.address);
      expect(await auditActions()).toContain('operator:owner-from-configuration');
    });

    it('refuses an address that is no operator, a message for the web origin and a player nonce', async () => {
      const stranger = await consoleSignIn(app, newAccount());
      expect(stranger.statusCode).toBe(401);
      expect(stranger.json()).toMatchObject({ code: 'OPERATOR_UNKNOWN', msgKey: 'operator.unknown' });

      const webDomain = await consoleSignIn(app, owner, {
        domain: 'localhost:3000',
        uri: 'http://localhost:3000',
      });
      expect(webDomain.statusCode).toBe(401);
      expect(webDomain.json().msgKey).toBe('siwe.domain.mismatch');

      const playerNonce = await app.inject({
        method: 'GET',
        url: '/identity/siwe/nonce',
        headers: saasHeaders,
      });
      const message = consoleSiweMessage(owner.address, playerNonce.json().obj.nonce);
      const crossed = await app.inject({
        method: 'POST',
        url: '/console/session',
        payload: { message, signature: await owner.signMessage({ message }) },
      });
      expect(crossed.statusCode).toBe(401);
      expect(crossed.json().msgKey).toBe('siwe.nonce.invalid');
    });

    it('uses a nonce once', async () => {
      const message = consoleSiweMessage(owner.address, await consoleNonce(app));
      const signature = await owner.signMessage({ message });
      const first = await app.inject({
        method: 'POST',
        url: '/console/session',
        payload: { message, signature },
      });
      expect(first.statusCode).toBe(200);
      const replay = await app.inject({
        method: 'POST',
        url: '/console/session',
        payload: { message, signature },
      });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().msgKey).toBe('siwe.nonce.invalid');
    });

    it('keeps player and operator tokens apart: each is refused on the other side', async () => {
      const player = await insertUser(app.db);
      const playerToken = await app.issueSessionToken(player.id);
      const ownerToken = await operatorTokenOf(app, owner);

      const onConsole = await app.inject({
        method: 'GET',
        url: '/console/session',
        headers: bearer(playerToken),
      });
      expect(onConsole.statusCode).toBe(401);
      expect(onConsole.json().code).toBe('OPERATOR_SESSION_REQUIRED');

      const onPlayerRoute = await app.inject({
        method: 'GET',
        url: '/customer',
        headers: { ...saasHeaders, jwt_token: ownerToken },
      });
      expect(onPlayerRoute.statusCode).toBe(401);
    });

    it('lets the owner add an operator, change its role and remove it, each in the audit log', async () => {
      const ownerToken = await operatorTokenOf(app, owner);
      const viewer = newAccount();
      const added = await app.inject({
        method: 'POST',
        url: '/console/operators',
        headers: bearer(ownerToken),
        payload: { address: viewer.address.toLowerCase(), role: 'viewer' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const viewerId = added.json().data.id;
      expect(added.json().data).toMatchObject({
        address: viewer.address,
        role: 'viewer',
        fromConfiguration: false,
      });

      const again = await app.inject({
        method: 'POST',
        url: '/console/operators',
        headers: bearer(ownerToken),
        payload: { address: viewer.address, role: 'support' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('OPERATOR_EXISTS');

      // A viewer signs in and reads dashboards' calls, but not the owner's.
      const viewerToken = await operatorTokenOf(app, viewer);
      expect(
        (await app.inject({ method: 'GET', url: '/console/session', headers: bearer(viewerToken) }))
          .statusCode,
      ).toBe(200);
      const forbidden = await app.inject({
        method: 'GET',
        url: '/console/operators',
        headers: bearer(viewerToken),
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({
        code: 'OPERATOR_NOT_ALLOWED',
        msgKey: 'operator.role.insufficient',
      });

      // A new role ends the viewer's sessions: the next call signs in under it.
      const changed = await app.inject({
        method: 'PATCH',
        url: `/console/operators/${viewerId}`,
        headers: bearer(ownerToken),
        payload: { role: 'operator' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data.role).toBe('operator');
      expect(
        (await app.inject({ method: 'GET', url: '/console/session', headers: bearer(viewerToken) }))
          .statusCode,
      ).toBe(401);
      const operatorToken = await operatorTokenOf(app, viewer);
      expect(
        (await app.inject({ method: 'GET', url: '/console/audit', headers: bearer(operatorToken) }))
          .statusCode,
      ).toBe(200);

      const removed = await app.inject({
        method: 'DELETE',
        url: `/console/operators/${viewerId}`,
        headers: bearer(ownerToken),
      });
      expect(removed.statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/console/session', headers: bearer(operatorToken) }))
          .statusCode,
      ).toBe(401);
      expect((await consoleSignIn(app, viewer)).statusCode).toBe(401);

      const entries = await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `operator:${viewerId}`))
        .orderBy(asc(auditLog.id));
      expect(
        entries.map(({ action, before, after, operatorAddress }) => ({
          action,
          before,
          after,
          operatorAddress,
        })),
      ).toEqual([
        {
          action: 'operator:add',
          before: null,
          after: { address: viewer.address, role: 'viewer' },
          operatorAddress: owner.address,
        },
        {
          action: 'operator:role',
          before: { address: viewer.address, role: 'viewer' },
          after: { address: viewer.address, role: 'operator' },
          operatorAddress: owner.address,
        },
        {
          action: 'operator:remove',
          before: { address: viewer.address, role: 'operator' },
          after: null,
          operatorAddress: owner.address,
        },
      ]);
    });

    it('refuses changing or removing a configured owner', async () => {
      const ownerToken = await operatorTokenOf(app, owner);
      const me = (
        await app.inject({ method: 'GET', url: '/console/session', headers: bearer(ownerToken) })
      ).json().data.operator;
      for (const request of [
        { method: 'PATCH' as const, payload: { role: 'viewer' } },
        { method: 'DELETE' as const },
      ]) {
        const response = await app.inject({
          ...request,
          url: `/console/operators/${me.id}`,
          headers: bearer(ownerToken),
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('OPERATOR_CONFIGURED_OWNER');
      }
    });

    it('ends a session at logout, at its end, and when the owner revokes them, on the next call', async () => {
      const ownerToken = await operatorTokenOf(app, owner);
      const loggedOut = await operatorTokenOf(app, owner);
      expect(
        (await app.inject({ method: 'DELETE', url: '/console/session', headers: bearer(loggedOut) }))
          .statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/console/session', headers: bearer(loggedOut) })).statusCode,
      ).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: '/console/session', headers: bearer(ownerToken) }))
          .statusCode,
      ).toBe(200);

      const support = newAccount();
      const added = await app.inject({
        method: 'POST',
        url: '/console/operators',
        headers: bearer(ownerToken),
        payload: { address: support.address, role: 'support' },
      });
      const supportId = added.json().data.id;
      const first = await operatorTokenOf(app, support);
      const second = await operatorTokenOf(app, support);
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/console/operators/${supportId}/sessions`,
        headers: bearer(ownerToken),
      });
      expect(revoked.json().data).toEqual({ revoked: 2 });
      for (const token of [first, second]) {
        expect(
          (await app.inject({ method: 'GET', url: '/console/session', headers: bearer(token) })).statusCode,
        ).toBe(401);
      }
      const open = await app.db
        .select()
        .from(operatorSessions)
        .where(eq(operatorSessions.operatorId, supportId));
      expect(open.every((session) => session.revokedAt !== null)).toBe(true);

      nowMs += 601_000;
      expect(
        (await app.inject({ method: 'GET', url: '/console/session', headers: bearer(ownerToken) }))
          .statusCode,
      ).toBe(401);
      expect(await auditActions()).toEqual(
        expect.arrayContaining(['operator:sign-out', 'operator:sessions-revoke']),
      );
    });
  },
);

describeWithDatabases('console sessions across API nodes, and the sign-in rate limit', ({ database }) => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  const owner = newAccount();

  beforeAll(async () => {
    const env = {
      OPERATOR_OWNER_ADDRESSES: owner.address,
      RATE_LIMIT_AUTH_MAX: '4',
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    // Two API nodes on one database, as behind a load balancer.
    ({ app: nodeA } = await buildTestApp(database(), env));
    ({ app: nodeB } = await buildTestApp(database(), env));
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
  });

  it('refuses on every node a session ended on one', async () => {
    const token = await operatorTokenOf(nodeA, owner);
    expect(
      (await nodeB.inject({ method: 'GET', url: '/console/session', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await nodeA.inject({ method: 'DELETE', url: '/console/session', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await nodeB.inject({ method: 'GET', url: '/console/session', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('limits nonce and sign-in calls per client address like the player login', async () => {
    // Node B has counted none of this client's nonce calls yet: 4 pass, the 5th is refused.
    const statuses: number[] = [];
    for (let call = 0; call < 5; call += 1)
      statuses.push((await nodeB.inject({ method: 'GET', url: '/console/session/nonce' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // The sign-in has its own count: 4 answered (a 400 for an empty body), the 5th refused before it is read.
    const signIns: number[] = [];
    for (let call = 0; call < 5; call += 1)
      signIns.push((await nodeB.inject({ method: 'POST', url: '/console/session', payload: {} })).statusCode);
    expect(signIns).toEqual([400, 400, 400, 400, 429]);
    const signIn = await nodeB.inject({ method: 'POST', url: '/console/session', payload: {} });
    expect(signIn.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describeWithDatabases('console sign-in on the local devnet with no owner configured', ({ database }) => {
  let app: TestApp;
  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('makes the first address to sign in the owner, and only that one; the last owner stays', async () => {
    const first = newAccount();
    const signedIn = await consoleSignIn(app, first);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.operator).toMatchObject({ role: 'owner', fromConfiguration: false });
    expect((await consoleSignIn(app, newAccount())).statusCode).toBe(401);

    const token = signedIn.json().data.operatorToken;
    const id = signedIn.json().data.operator.id;
    for (const request of [
      { method: 'PATCH' as const, payload: { role: 'viewer' } },
      { method: 'DELETE' as const },
    ]) {
      const response = await app.inject({
        ...request,
        url: `/console/operators/${id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('OPERATOR_LAST_OWNER');
    }
  });
});

describe('console sign-in off the local devnet', () => {
  it('has no first-sign-in owner', async () => {
    const { firstSignInMakesOwner } = await import('../../../src/modules/operator/sign-in-operator');
    const { testConfig } = await import('../../helpers');
    const config = await testConfig();
    expect(firstSignInMakesOwner(config)).toBe(true);
    expect(
      firstSignInMakesOwner({ ...config, localDevnet: { isLocalDevnet: false, reason: 'a test' } }),
    ).toBe(false);
    expect(firstSignInMakesOwner({ ...config, isProduction: true })).toBe(false);
    const owned = await testConfig({ OPERATOR_OWNER_ADDRESSES: newAccount().address });
    expect(firstSignInMakesOwner(owned)).toBe(false);
  });

  it('refuses owner addresses that are not addresses, and an operator audience a player token carries', async () => {
    const { testConfig } = await import('../../helpers');
    await expect(testConfig({ OPERATOR_OWNER_ADDRESSES: `${newAccount().address},0x12` })).rejects.toThrow(
      /OPERATOR_OWNER_ADDRESSES: not a 0x-prefixed 20-byte address: 0x12/,
    );
    await expect(testConfig({ OPERATOR_JWT_AUDIENCE: 'ojo-arena-web' })).rejects.toThrow(
      /OPERATOR_JWT_AUDIENCE: must differ from JWT_AUDIENCE/,
    );
  });
});
