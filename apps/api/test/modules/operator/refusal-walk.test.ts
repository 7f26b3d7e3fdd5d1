import type { RouteDeclaration } from '@ojo/api-contract/route';
import { CONSOLE_ROUTES } from '@ojo/api-contract/routes';
import { queryRows } from '@ojo/db/client';
import { sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { OPERATOR_ROLES, type OperatorRole, roleAllows } from '@ojo/domain/operator/roles';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { bearer, operatorTokenOf } from '../../support/console';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Every row of every table, as text: what a refused call must leave exactly as it was. */
async function everyRow(app: TestApp): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    app.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const found = await queryRows<{ row: string }>(
      app.db,
      sql`select t::text as row from ${sql.identifier(name)} t order by 1`,
    );
    rows[name] = found.map((entry) => entry.row);
  }
  return rows;
}

/**
 * A request that would do the route's work if it were allowed: the path's `:id` is a real operator (the one the
 * owner's calls would change), and a body that passes validation, so a refusal can only come from the access check.
 */
function requestOf(route: RouteDeclaration, victimId: string) {
  const url = route.path.replace(/:(\w+)/g, () => victimId);
  const payload =
    route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT'
      ? { address: privateKeyToAccount(generatePrivateKey()).address, role: 'owner' }
      : undefined;
  return { method: route.method, url, ...(payload ? { payload } : {}) };
}

describeWithDatabases(
  'every console call refuses a caller without the role, and changes nothing',
  ({ database }) => {
    let app: TestApp;
    const owner = privateKeyToAccount(generatePrivateKey());
    const tokens = {} as Record<OperatorRole, string>;
    let victimId = '';
    let playerToken = '';
    let endedOwnerToken = '';

    beforeAll(async () => {
      ({ app } = await buildTestApp(database(), {
        OPERATOR_OWNER_ADDRESSES: owner.address,
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_AUTH_MAX: '100000',
      }));
      tokens.owner = await operatorTokenOf(app, owner);
      for (const role of OPERATOR_ROLES.filter((role) => role !== 'owner')) {
        const account = privateKeyToAccount(generatePrivateKey());
        const added = await app.inject({
          method: 'POST',
          url: '/console/operators',
          headers: bearer(tokens.owner),
          payload: { address: account.address, role },
        });
        expect(added.statusCode, added.body).toBe(201);
        if (role === 'viewer') victimId = added.json().data.id;
        tokens[role] = await operatorTokenOf(app, account);
      }
      endedOwnerToken = await operatorTokenOf(app, owner);
      const logout = await app.inject({
        method: 'DELETE',
        url: '/console/session',
        headers: bearer(endedOwnerToken),
      });
      expect(logout.statusCode).toBe(200);
      playerToken = await app.issueSessionToken((await insertUser(app.db)).id);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('walks the registry: only the nonce and the sign-in open without a token, every other call names a role', () => {
      const open = CONSOLE_ROUTES.filter((route) => route.console === 'sign-in').map(
        (route) => `${route.method} ${route.path}`,
      );
      expect(open).toEqual(['GET /console/session/nonce', 'POST /console/session']);
      for (const route of CONSOLE_ROUTES) {
        expect(route.path.startsWith('/console'), route.path).toBe(true);
        expect(route.secure, route.path).toBe(false);
        expect(app.hasRoute({ method: route.method, url: route.path }), `${route.method} ${route.path}`).toBe(
          true,
        );
      }
    });

    it('answers 401 without a token, with a player token, an ended session or a malformed header', async () => {
      const callers: [string, Record<string, string>][] = [
        ['no token', {}],
        ['a player token as bearer', bearer(playerToken)],
        ['a player token as jwt_token', { ...saasHeaders, jwt_token: playerToken }],
        ['an ended session', bearer(endedOwnerToken)],
        ['a token without Bearer', { authorization: tokens.owner }],
      ];
      const before = await everyRow(app);
      let walked = 0;
      for (const route of CONSOLE_ROUTES.filter((route) => route.console !== 'sign-in')) {
        for (const [caller, headers] of callers) {
          const response = await app.inject({ ...requestOf(route, victimId), headers });
          const label = `${route.method} ${route.path} with ${caller}`;
          expect({ label, status: response.statusCode }).toEqual({ label, status: 401 });
          expect(response.json(), label).toMatchObject({
            success: false,
            code: 'OPERATOR_SESSION_REQUIRED',
            msgKey: 'operator.session.required',
          });
          walked += 1;
        }
      }
      expect(walked).toBeGreaterThanOrEqual(9 * callers.length);
      expect(await everyRow(app)).toEqual(before);
    });

    it('answers 403 to every role below the one a call requires', async () => {
      const before = await everyRow(app);
      let walked = 0;
      for (const route of CONSOLE_ROUTES) {
        const required = route.console;
        if (required === null || required === 'sign-in') continue;
        for (const role of OPERATOR_ROLES.filter((role) => !roleAllows(role, required))) {
          const response = await app.inject({ ...requestOf(route, victimId), headers: bearer(tokens[role]) });
          const label = `${route.method} ${route.path} as ${role}`;
          expect({ label, status: response.statusCode }).toEqual({ label, status: 403 });
          expect(response.json(), label).toMatchObject({
            success: false,
            code: 'OPERATOR_NOT_ALLOWED',
            msgKey: 'operator.role.insufficient',
          });
          walked += 1;
        }
      }
      // The viewer alone meets every owner and operator call.
      expect(walked).toBeGreaterThanOrEqual(
        CONSOLE_ROUTES.filter((route) => route.console === 'owner').length * 3,
      );
      expect(await everyRow(app)).toEqual(before);
    });
  },
);
