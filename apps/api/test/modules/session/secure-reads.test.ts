import { randomBytes } from 'node:crypto';
import { checkInStatusRoute } from '@ojo/api-contract/check-in';
import { memberAssetRoute, pointLedgersRoute } from '@ojo/api-contract/member';
import { routePath } from '@ojo/api-contract/route-path';
import { taskListRoute } from '@ojo/api-contract/tasks';
import { getUserRoute } from '@ojo/api-contract/user';
import { tokenHistoriesRoute } from '@ojo/api-contract/wallet';
import { sessions } from '@ojo/db/schema/sessions';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { TASK_LIST_QUERY } from '@ojo/domain/constants';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * The secure reads a player's pages call most answer an open session, and no longer once the session is revoked (by
 * logout on any API node), has ended, or is another player's.
 */
describeWithDatabases('secure reads and the session', ({ database }) => {
  let app: TestApp;
  let nowMs = Date.now();

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {}, { clock: () => nowMs }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const secureReads = (userId: string) => [
    routePath(getUserRoute),
    `${routePath(taskListRoute)}?${new URLSearchParams(TASK_LIST_QUERY)}`,
    routePath(checkInStatusRoute),
    `${routePath(pointLedgersRoute, { id: userId })}?offset=0&limit=20&assetType=POINT`,
    routePath(memberAssetRoute, { id: userId }),
    `${routePath(tokenHistoriesRoute)}?from=0&limit=20`,
  ];
  const get = (url: string, jwt: string) =>
    app.inject({ method: 'GET', url, headers: { ...saasHeaders, jwt_token: jwt } });
  const newPlayer = () =>
    insertUser(database().db, {
      smartAccountAddress: `0x${randomBytes(20).toString('hex')}`,
    });

  it('answer an open session', async () => {
    nowMs = Date.now();
    const player = await newPlayer();
    const jwt = await app.issueSessionToken(player.id);
    for (const url of secureReads(player.id)) {
      expect({ url, status: (await get(url, jwt)).statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('refuse a token whose session was revoked since its last request, and one whose session has ended', async () => {
    nowMs = Date.now();
    const player = await newPlayer();
    const jwt = await app.issueSessionToken(player.id);
    for (const url of secureReads(player.id)) expect((await get(url, jwt)).statusCode).not.toBe(401);
    // Logout on another API node: only the database knows.
    await database()
      .db.update(sessions)
      .set({ revokedAt: new Date(nowMs) })
      .where(eq(sessions.id, decodeJwt(jwt).sid as string));
    for (const url of secureReads(player.id))
      expect({ url, status: (await get(url, jwt)).statusCode }).toEqual({ url, status: 401 });

    const other = await newPlayer();
    const otherJwt = await app.issueSessionToken(other.id);
    for (const url of secureReads(other.id)) expect((await get(url, otherJwt)).statusCode).not.toBe(401);
    nowMs = (decodeJwt(otherJwt).exp as number) * 1000;
    for (const url of secureReads(other.id)) {
      expect({ url, status: (await get(url, otherJwt)).statusCode }).toEqual({ url, status: 401 });
    }
  });

  it("refuse another player's session row even with a valid token of this player", async () => {
    nowMs = Date.now();
    const player = await newPlayer();
    const jwt = await app.issueSessionToken(player.id);
    // The session moves to another user (it cannot in the product): the token's user no longer owns it.
    const other = await newPlayer();
    await database()
      .db.update(sessions)
      .set({ userId: other.id })
      .where(eq(sessions.id, decodeJwt(jwt).sid as string));
    for (const url of secureReads(player.id)) {
      expect({ url, status: (await get(url, jwt)).statusCode }).toEqual({ url, status: 401 });
    }
  });
});
