import { credit, debit } from '@ojo/db/ledger';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import type { User } from '@ojo/db/schema/users';
import { and, desc, eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

describeWithDatabases('member: points ledger, assets, summary, expansion, member info', ({ database }) => {
  let app: TestApp;
  let player: User;
  let other: User;
  let jwt = '';

  const get = async (url: string, token = jwt) =>
    app.inject({ method: 'GET', url, headers: { ...saasHeaders, jwt_token: token } });

  beforeAll(async () => {
    ({ app } = await buildTestApp(database()));
    const { db } = database();
    player = await insertUser(db, { handle: 'member_one' });
    other = await insertUser(db);
    jwt = await app.issueSessionToken(player.id);
    // 25 check-in-like credits of 10 points, one spend of 30, and 40 OJO: 220 points left of 250 given.
    for (let day = 1; day <= 25; day += 1) {
      await credit(db, {
        userId: player.id,
        asset: 'POINT',
        amount: 10n,
        reason: `checkin:day ${day}`,
        idempotencyKey: `test:checkin:${day}`,
      });
    }
    await debit(db, {
      userId: player.id,
      asset: 'POINT',
      amount: 30n,
      reason: 'ticket:buy',
      idempotencyKey: 'test:ticket:1',
    });
    await credit(db, {
      userId: player.id,
      asset: 'OJO',
      amount: 40n,
      reason: 'task:411004',
      idempotencyKey: 'test:ojo:1',
    });
    // Reasons without a ':' and with several: the business type is all of the one, the first part of the other.
    await credit(db, {
      userId: player.id,
      asset: 'OJO',
      amount: 5n,
      reason: 'airdrop',
      idempotencyKey: 'test:ojo:2',
    });
    await debit(db, {
      userId: player.id,
      asset: 'OJO',
      amount: 5n,
      reason: 'race:bet:r1',
      idempotencyKey: 'test:ojo:3',
    });
    await credit(db, {
      userId: other.id,
      asset: 'POINT',
      amount: 999n,
      reason: 'task:sign_in',
      idempotencyKey: 'test:other:1',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('pages the own ledger newest first, 20 by default, with available and originalAvailable', async () => {
    const first = await get(`/member/points/ledgers/${player.id}?assetType=POINT`);
    expect(first.statusCode).toBe(200);
    const page = first.json().obj;
    expect(page.available).toBe('220');
    expect(page.originalAvailable).toBe('250');
    expect(page.pointLedgers).toHaveLength(20);
    expect(page.pointLedgers[0]).toMatchObject({
      assetType: 'POINT',
      amount: '-30',
      businessType: 'ticket',
      description: 'ticket:buy',
      created: expect.any(Number),
    });
    expect(page.pointLedgers[1]).toMatchObject({ amount: '10', description: 'checkin:day 25' });
    // Each entry's id and time are the stored row's (the time in epoch milliseconds, as a Date reads it).
    const stored = await database()
      .db.select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, 'test:ticket:1'));
    expect(page.pointLedgers[0]).toMatchObject({
      id: stored[0]!.id.toString(),
      created: stored[0]!.createdAt.getTime(),
    });
    const last = (await get(`/member/points/ledgers/${player.id}?assetType=POINT&offset=20&limit=20`)).json()
      .obj;
    // 26 entries: the second page has fewer than the limit, so it is the last (product.md 9).
    expect(last.pointLedgers.map((entry: { description: string }) => entry.description)).toEqual([
      'checkin:day 6',
      'checkin:day 5',
      'checkin:day 4',
      'checkin:day 3',
      'checkin:day 2',
      'checkin:day 1',
    ]);
    const ojo = (await get(`/member/points/ledgers/${player.id}?assetType=OJO`)).json().obj;
    const storedOjo = await database()
      .db.select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, player.id), eq(ledgerEntries.asset, 'OJO')))
      .orderBy(desc(ledgerEntries.id));
    // Every field of every entry, and no other: the entries are the statement's JSON, sent as it wrote them.
    expect(ojo).toEqual({
      available: '40',
      originalAvailable: '45',
      pointLedgers: storedOjo.map((entry) => ({
        id: entry.id.toString(),
        assetType: 'OJO',
        amount: entry.amount.toString(),
        businessType: entry.reason.split(':')[0],
        description: entry.reason,
        created: entry.createdAt.getTime(),
      })),
    });
    expect(ojo.pointLedgers.map((entry: { businessType: string }) => entry.businessType)).toEqual([
      'race',
      'airdrop',
      'task',
    ]);
  });

  it("refuses another player's ledger, assets and expansion with 403, and bad input with 400", async () => {
    const ledger = await get(`/member/points/ledgers/${other.id}`);
    expect(ledger.statusCode).toBe(403);
    expect(ledger.json()).toMatchObject({
      success: false,
      code: 'MEMBER_FORBIDDEN',
      msgKey: 'member.forbidden',
    });
    expect((await get(`/v2/member/asset/${other.id}`)).statusCode).toBe(403);
    const expansion = await app.inject({
      method: 'POST',
      url: `/v2/member/${other.id}/expansion`,
      headers: { ...saasHeaders, jwt_token: jwt },
      payload: { showBalances: false },
    });
    expect(expansion.statusCode).toBe(403);
    expect((await get(`/member/points/ledgers/not-an-id`)).statusCode).toBe(400);
    expect((await get(`/member/points/ledgers/${player.id}?assetType=ETH`)).statusCode).toBe(400);
    expect((await get(`/member/points/ledgers/${player.id}?limit=0`)).statusCode).toBe(400);
    expect((await get(`/v2/member/asset/${player.id}`, 'not-a-jwt')).statusCode).toBe(401);
    expect((await get(`/v2/member/asset/${other.id.toUpperCase()}`)).statusCode).toBe(403);
  });

  it("answers the player's own id written in capitals as their own", async () => {
    const upper = player.id.toUpperCase();
    expect((await get(`/member/points/ledgers/${upper}`)).json()).toEqual(
      (await get(`/member/points/ledgers/${player.id}`)).json(),
    );
    expect((await get(`/v2/member/asset/${upper}`)).json()).toEqual(
      (await get(`/v2/member/asset/${player.id}`)).json(),
    );
  });

  it('answers both assets, the summary per tab, and the member info', async () => {
    expect((await get(`/v2/member/asset/${player.id}`)).json().obj).toEqual({
      assets: [
        { assetType: 'POINT', available: '220', originalAvailable: '250' },
        { assetType: 'OJO', available: '40', originalAvailable: '45' },
      ],
    });
    expect((await get('/v2/member/me?businessType=points')).json().obj).toEqual({
      businessType: 'points',
      total: '220',
      ojoValue: '40',
    });
    expect((await get('/v2/member/me?businessType=ojo')).json().obj).toMatchObject({ total: '40' });
    const otherJwt = await app.issueSessionToken(other.id);
    expect((await get('/v2/member/me', otherJwt)).json().obj).toEqual({
      businessType: 'points',
      total: '999',
      ojoValue: '0',
    });
    expect((await get('/v2/customer/me')).json().obj).toEqual({
      id: player.id,
      handle: 'member_one',
      avatar: null,
      assets: [
        { assetType: 'POINT', available: '220', originalAvailable: '250' },
        { assetType: 'OJO', available: '40', originalAvailable: '45' },
      ],
      expansion: {},
    });
  });

  it('merges the own expansion, refuses unknown keys, and shows it in the member info', async () => {
    const post = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/v2/member/${player.id}/expansion`,
        headers: { ...saasHeaders, jwt_token: jwt },
        payload: payload as Record<string, unknown>,
      });
    expect((await post({ showBalances: false })).json().obj).toEqual({ showBalances: false });
    expect((await post({ preferredAsset: 'OJO' })).json().obj).toEqual({
      showBalances: false,
      preferredAsset: 'OJO',
    });
    const unknown = await post({ isAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect((await get('/v2/customer/me')).json().obj.expansion).toEqual({
      showBalances: false,
      preferredAsset: 'OJO',
    });
  });
});
