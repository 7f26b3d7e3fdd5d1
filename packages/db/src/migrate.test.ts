import { readFileSync, rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from './client';
import { migrateDatabase } from './migrate';
import { ledgerEntries } from './schema/ledger-entries';
import { referrals } from './schema/referrals';
import { userAddresses } from './schema/user-addresses';
import { users } from './schema/users';
import { createTestDatabase, describeWithDatabases, migrationsBefore, testDatabaseKinds } from './testing';

describeWithDatabases('migrations', ({ database }) => {
  it('create every table of the schema', async () => {
    const { db } = database();
    const rows = await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'audit_log',
      'auth_nonces',
      'badge_claims',
      'badges',
      'chain_transactions',
      'check_in_rewards',
      'check_in_rules',
      'check_ins',
      'coin_cost_basis',
      'coin_lowest_paid',
      'coin_orders',
      'coin_payments',
      'coin_refunds',
      'coin_withdraws',
      'game_bets',
      'game_prize_pool_entries',
      'game_reward_notices',
      'game_rounds',
      'game_season_players',
      'game_season_results',
      'game_season_settles',
      'game_seasons',
      'game_share_messages',
      'indexed_blocks',
      'jobs',
      'leases',
      'ledger_balances',
      'ledger_entries',
      'member_expansions',
      'native_transfers',
      'old_login_locks',
      'operator_sessions',
      'operators',
      'profile_registrations',
      'referrals',
      'seed_runs',
      'sessions',
      'signer_nonces',
      'social_accounts',
      'social_oauth_states',
      'sponsored_operation_costs',
      'sponsored_operation_scans',
      'sponsored_operations',
      'task_completions',
      'tasks',
      'user_addresses',
      'users',
    ]);
  });

  it('can run again at the next start without changing anything', async () => {
    const handle = database();
    const countMigrations = () =>
      queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    // Every migration of the journal applied once, so later migrations need no edit here.
    const journal = JSON.parse(
      readFileSync(new URL('../migrations/meta/_journal.json', import.meta.url), 'utf8'),
    );
    const n = (journal.entries as unknown[]).length;
    expect(n).toBeGreaterThanOrEqual(3);
    expect(await countMigrations()).toEqual([{ n }]);
    await migrateDatabase(handle);
    expect(await countMigrations()).toEqual([{ n }]);
  });
});

for (const kind of testDatabaseKinds) {
  // The data as it stood before the migration ran: old table and column names, written in SQL.
  it(`counts earlier referrals whose referee already has a profile, and only those [${kind}]`, async () => {
    const folder = migrationsBefore('0007_invitations_count_full_users');
    const untilFreeRewards = migrationsBefore('0033_free_rewards');
    const handle = await createTestDatabase(kind, { migrate: false });
    try {
      await migrateDatabase(handle, { migrationsFolder: folder });
      const { db } = handle;
      const [referrer, fullUser, freeAccount] = await queryRows<{ id: string }>(
        db,
        sql`insert into customers (invite_code, handle) values ('INV001', 'referrer_one'), ('INV002', 'full_user'),
          ('INV003', null) returning id`,
      );
      const referredAt = new Date('2030-05-01T00:00:00Z');
      for (const referee of [fullUser!, freeAccount!]) {
        await db.execute(sql`insert into invitations (inviter_id, invitee_id, invite_code, source_type, created_at)
          values (${referrer!.id}, ${referee.id}, 'INV001', 'web', ${referredAt.toISOString()})`);
      }

      // Up to the migration that counts referrals after real activity instead (0033, tested below).
      await migrateDatabase(handle, { migrationsFolder: untilFreeRewards });
      const counted = async (refereeId: string) =>
        (await db.select().from(referrals).where(eq(referrals.refereeId, refereeId)))[0]?.countedAt;
      expect(await counted(fullUser!.id)).toEqual(referredAt);
      expect(await counted(freeAccount!.id)).toBeNull();
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
      rmSync(untilFreeRewards, { recursive: true, force: true });
    }
  });

  it(`renames customers to users and invitations to referrals, keeping every row [${kind}]`, async () => {
    const folder = migrationsBefore('0010_rename_users_referrals');
    const handle = await createTestDatabase(kind, { migrate: false });
    try {
      await migrateDatabase(handle, { migrationsFolder: folder });
      const { db } = handle;
      const smartAccount = '0x00000000000000000000000000000000000000aa';
      const [referrer, referee] = await queryRows<{ id: string }>(
        db,
        sql`insert into customers (invite_code, handle, osp_aa_address) values ('REF001', 'referrer_one', ${smartAccount}),
          ('REF002', null, null) returning id`,
      );
      await db.execute(sql`insert into invitations (inviter_id, invitee_id, invite_code, source_type)
        values (${referrer!.id}, ${referee!.id}, 'REF001', 'web')`);
      await db.execute(sql`insert into customer_addresses (customer_id, platform, wallet_type, chain_type, address)
        values (${referrer!.id}, 'osp', 'abstract', 'EVM', ${smartAccount})`);
      await db.execute(sql`insert into ledger_entries (customer_id, asset, amount, reason, idempotency_key)
        values (${referrer!.id}, 'POINT', 5, 'test', 'rename-test-1')`);

      await migrateDatabase(handle);
      const [user] = await db.select().from(users).where(eq(users.id, referrer!.id));
      expect(user).toMatchObject({
        referralCode: 'REF001',
        handle: 'referrer_one',
        smartAccountAddress: smartAccount,
      });
      expect(await db.select().from(referrals)).toMatchObject([
        { referrerId: referrer!.id, refereeId: referee!.id, referralCode: 'REF001', sourceType: 'web' },
      ]);
      expect(await db.select().from(userAddresses)).toMatchObject([
        { userId: referrer!.id, address: smartAccount },
      ]);
      expect(await db.select().from(ledgerEntries)).toMatchObject([{ userId: referrer!.id, amount: 5n }]);
      // The constraints came along under their new names: a second referral of the same referee is refused.
      await expect(
        db.insert(referrals).values({
          referrerId: referrer!.id,
          refereeId: referee!.id,
          referralCode: 'REF001',
          sourceType: 'web',
        }),
      ).rejects.toThrow();
      // Not-null constraints (named by PostgreSQL 18 after the table that first had them) are left as they are.
      const constraints = await queryRows<{ conname: string }>(
        db,
        sql`select conname from pg_constraint
          where contype <> 'n' and (conname like '%customer%' or conname like '%invit%')`,
      );
      expect(constraints).toEqual([]);
      const indexes = await queryRows<{ indexname: string }>(
        db,
        sql`select indexname from pg_indexes where schemaname = 'public' and (indexname like '%customer%' or indexname like '%invit%')`,
      );
      expect(indexes).toEqual([]);
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it(`gives each buyer a cost basis from their orders less their redemptions, and the cheapest rate paid [${kind}]`, async () => {
    const folder = migrationsBefore('0030_coin_cost_basis');
    const handle = await createTestDatabase(kind, { migrate: false });
    try {
      await migrateDatabase(handle, { migrationsFolder: folder });
      const { db } = handle;
      const [buyer, other] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (referral_code) values ('CB0001'), ('CB0002') returning id`,
      );
      const order = (user: string, qty: number, wei: string, state: string) =>
        db.execute(sql`insert into coin_orders (user_id, payer_address, base_qty, quote_wei, price, state, expires_at)
          values (${user}, '0x0', ${qty}, ${wei}, '2000', ${state}::coin_order_state, now())`);
      await order(buyer!.id, 1000, '500000000000000000', 'done');
      await order(buyer!.id, 1000, '300000000000000001', 'done');
      await order(buyer!.id, 1000, '1', 'system_cancelled');
      await order(other!.id, 300, '100000000000000000', 'done');
      const redeemed = (user: string, amount: number, status: string) =>
        db.execute(sql`insert into coin_withdraws (user_id, amount, payout_wei, price, to_address, status)
          values (${user}, ${amount}, 1, '2000', '0x0', ${status}::coin_withdraw_status)`);
      await redeemed(buyer!.id, 500, 'FINISHED');
      await redeemed(buyer!.id, 700, 'CANCELLED');
      await redeemed(other!.id, 400, 'PENDING');

      await migrateDatabase(handle);
      const basis = await queryRows<{ user_id: string; qty: string; wei: string }>(
        db,
        sql`select user_id, qty::text as qty, wei::text as wei from coin_cost_basis`,
      );
      expect(basis.sort((a, b) => (a.user_id === buyer!.id ? -1 : b.user_id === buyer!.id ? 1 : 0))).toEqual([
        // 2000 OJO for 0.8 ETH, 500 redeemed: 1500 left at the average cost, floored.
        { user_id: buyer!.id, qty: '1500', wei: '600000000000000000' },
        { user_id: other!.id, qty: '0', wei: '0' },
      ]);
      expect(
        await queryRows(db, sql`select qty::text as qty, wei::text as wei from coin_lowest_paid`),
      ).toEqual([{ qty: '1000', wei: '300000000000000001' }]);
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it(`pays check-in and tasks in FishXP and counts only referrals of referees who really played [${kind}]`, async () => {
    const folder = migrationsBefore('0033_free_rewards');
    const handle = await createTestDatabase(kind, { migrate: false });
    try {
      await migrateDatabase(handle, { migrationsFolder: folder });
      const { db } = handle;
      // An operator's own OJO rows besides the seeded day 7 (50 OJO).
      await db.execute(sql`insert into check_in_rewards (day, asset, amount) values (8, 'OJO', 30)`);
      await db.execute(sql`update tasks set reward_asset = 'OJO', reward_amount = 5 where id = 411001`);
      const [referrer, profileOnly, played, countedPlayed, voidedOnly] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (referral_code, handle) values ('MIG001', 'mig_referrer'), ('MIG002', 'mig_profile'),
          ('MIG003', null), ('MIG004', null), ('MIG005', null) returning id`,
      );
      const countedBefore = new Date('2030-05-01T00:00:00Z');
      for (const [referee, counted] of [
        [profileOnly!, countedBefore],
        [played!, null],
        [countedPlayed!, countedBefore],
        [voidedOnly!, null],
      ] as const)
        await db.execute(sql`insert into referrals (referrer_id, referee_id, referral_code, source_type, counted_at)
          values (${referrer!.id}, ${referee.id}, 'MIG001', 'web', ${counted?.toISOString() ?? null})`);
      const state = (outcome: string) => JSON.stringify({ voided: null, outcome: { kind: outcome } });
      await db.execute(sql`insert into game_rounds (id, phase, opens_at_ms, closes_at_ms, commitment, state) values
        ('mig-settled', 'finished', 1, 2, 'c', ${state('settled')}::jsonb),
        ('mig-void', 'finished', 1, 2, 'c', ${state('void')}::jsonb)`);
      for (const [index, referee] of [played!, countedPlayed!, voidedOnly!, profileOnly!].entries()) {
        const round = referee === voidedOnly ? 'mig-void' : 'mig-settled';
        if (referee !== profileOnly)
          await db.execute(sql`insert into game_bets (id, round_id, user_id, client_bet_id, currency, track, amount,
            placed_at_ms) values (${`mig-bet-${index}`}, ${round}, ${referee.id}, ${`c${index}`}, 'POINT', 'BTC', 10, 1)`);
        const [entry] = await queryRows<{ id: string }>(
          db,
          sql`insert into ledger_entries (user_id, asset, amount, reason, idempotency_key)
            values (${referee.id}, 'POINT', 10, 'checkin', ${`checkin:${referee.id}:2030-05-01`}) returning id`,
        );
        await db.execute(sql`insert into check_ins (user_id, day, ladder_day, asset, amount, ledger_entry_id)
          values (${referee.id}, '2030-05-01', 1, 'POINT', 10, ${entry!.id})`);
      }

      await migrateDatabase(handle);
      const ladder = await queryRows<{ day: number; asset: string; amount: string }>(
        db,
        sql`select day, asset::text as asset, amount::text as amount from check_in_rewards order by day`,
      );
      expect(ladder.map((row) => `${row.day}:${row.asset}:${row.amount}`)).toEqual([
        '1:POINT:10',
        '2:POINT:20',
        '3:POINT:30',
        '4:POINT:40',
        '5:POINT:50',
        '6:POINT:60',
        '7:POINT:100',
        '8:POINT:60',
      ]);
      expect(
        await queryRows(
          db,
          sql`select reward_asset, reward_amount::text as amount from tasks where id = 411001`,
        ),
      ).toEqual([{ reward_asset: 'POINT', amount: '10' }]);
      await db.execute(sql`insert into check_in_rewards (day, amount) values (9, 5)`);
      expect(
        await queryRows(db, sql`select asset::text as asset from check_in_rewards where day = 9`),
      ).toEqual([{ asset: 'POINT' }]);
      const counted = async (refereeId: string) =>
        (await db.select().from(referrals).where(eq(referrals.refereeId, refereeId)))[0]?.countedAt;
      expect(await counted(profileOnly!.id)).toBeNull();
      expect(await counted(played!.id)).toBeInstanceOf(Date);
      expect(await counted(countedPlayed!.id)).toEqual(countedBefore);
      expect(await counted(voidedOnly!.id)).toBeNull();
      expect(
        await queryRows(db, sql`select description from badges where id in (8001, 8002) order by id`),
      ).toEqual([
        { description: 'Invite 3 friends who check in and play a race' },
        { description: 'Invite 10 friends who check in and play a race' },
      ]);
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
}
