/**
 * The API's hot calls, as `npm run bench:api` drives them: what a page load or a poll asks for most. Each module adds
 * its hot reads here with the data they need (a player with a realistic amount of it), so the benchmark stays the
 * one place that says how fast the API answers.
 */
import { randomBytes } from 'node:crypto';
import { checkInStatusRoute } from '@ojo/api-contract/check-in';
import { coinConfigsRoute, coinDiscountsRoute, withdrawInfoRoute } from '@ojo/api-contract/coin';
import { JWT_HEADER, SAAS_ID_HEADER } from '@ojo/api-contract/envelope';
import { memberAssetRoute, pointLedgersRoute } from '@ojo/api-contract/member';
import { referralCodeCheckRoute } from '@ojo/api-contract/referral';
import { routePath } from '@ojo/api-contract/route-path';
import { taskListRoute } from '@ojo/api-contract/tasks';
import { tokenBalancesRoute, tokenHistoriesRoute, tokenTickerRoute } from '@ojo/api-contract/wallet';
import { checkIns } from '@ojo/db/schema/check-ins';
import { coinWithdraws } from '@ojo/db/schema/coin';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import { taskCompletions } from '@ojo/db/schema/tasks';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { users } from '@ojo/db/schema/users';
import { type NewNativeTransfer, nativeTransfers } from '@ojo/db/schema/wallet-index';
import { TASK_LIST_QUERY } from '@ojo/domain/constants';
import { utcDayOf } from '@ojo/domain/tasks/check-in-streak';
import type { FastifyInstance } from 'fastify';

export interface HotCall {
  /** What the table prints, e.g. `GET /customer`. */
  name: string;
  method: 'GET' | 'POST';
  /** Path with its query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Seeds one player (smart account, profile, two linked wallets) and returns the calls to drive as that player. */
export async function seedHotCalls(app: FastifyInstance, saasId: string): Promise<HotCall[]> {
  const smartAccountAddress = `0x${randomBytes(20).toString('hex')}`;
  const [player] = await app.db
    .insert(users)
    .values({
      referralCode: 'BENCH1',
      smartAccountAddress,
      handle: 'benchplayer',
      profileId: '1',
    })
    .returning();
  if (!player) throw new Error('the benchmark player was not inserted');
  await app.db.insert(userAddresses).values([
    {
      userId: player.id,
      platform: 'osp',
      walletType: 'abstract',
      chainType: 'EVM',
      address: smartAccountAddress,
      isConnected: false,
    },
    {
      userId: player.id,
      platform: 'evm',
      walletType: 'evm',
      chainType: 'EVM',
      address: `0x${randomBytes(20).toString('hex')}`,
      isConnected: true,
    },
  ]);
  // Two tasks done (the daily sign in today, the profile once), the rest todo: the task page's list.
  await app.db.insert(taskCompletions).values([
    {
      userId: player.id,
      taskId: 411001,
      periodKey: new Date().toISOString().slice(0, 10),
      progress: 1,
      completedAt: new Date(),
    },
    { userId: player.id, taskId: 411002, periodKey: 'once', progress: 1, completedAt: new Date() },
  ]);
  await seedCheckInHistory(app, player.id, 500);
  await seedWalletHistory(app, smartAccountAddress);
  await seedRedeemHistory(app, player.id, smartAccountAddress, 200);
  const sessionToken = await app.issueSessionToken(player.id);
  const publicHeaders = { [SAAS_ID_HEADER]: saasId };
  const secureHeaders = { ...publicHeaders, [JWT_HEADER]: sessionToken };

  return [
    { name: 'GET /customer', method: 'GET', path: '/customer', headers: secureHeaders },
    {
      name: `GET ${routePath(referralCodeCheckRoute)}`,
      method: 'GET',
      path: `${routePath(referralCodeCheckRoute)}?inviteCode=BENCH1`,
      headers: publicHeaders,
    },
    {
      name: `GET ${routePath(taskListRoute)}`,
      method: 'GET',
      path: `${routePath(taskListRoute)}?${new URLSearchParams(TASK_LIST_QUERY)}`,
      headers: secureHeaders,
    },
    {
      name: `GET ${routePath(checkInStatusRoute)}`,
      method: 'GET',
      path: routePath(checkInStatusRoute),
      headers: secureHeaders,
    },
    {
      name: `GET ${pointLedgersRoute.path}`,
      method: 'GET',
      path: `${routePath(pointLedgersRoute, { id: player.id })}?offset=0&limit=20&assetType=POINT`,
      headers: secureHeaders,
    },
    {
      name: `GET ${memberAssetRoute.path}`,
      method: 'GET',
      path: routePath(memberAssetRoute, { id: player.id }),
      headers: secureHeaders,
    },
    {
      name: `GET ${routePath(tokenTickerRoute, { symbol: 'ETH' })}`,
      method: 'GET',
      path: routePath(tokenTickerRoute, { symbol: 'ETH' }),
      headers: publicHeaders,
    },
    {
      name: `GET ${routePath(tokenHistoriesRoute)}`,
      method: 'GET',
      path: `${routePath(tokenHistoriesRoute)}?from=0&limit=20`,
      headers: secureHeaders,
    },
    {
      name: `GET ${routePath(tokenBalancesRoute)}`,
      method: 'GET',
      path: routePath(tokenBalancesRoute),
      headers: secureHeaders,
    },
    {
      name: `GET ${routePath(coinConfigsRoute)}`,
      method: 'GET',
      path: routePath(coinConfigsRoute),
      headers: publicHeaders,
    },
    {
      name: `GET ${routePath(coinDiscountsRoute)}`,
      method: 'GET',
      path: routePath(coinDiscountsRoute),
      headers: publicHeaders,
    },
    {
      name: `GET ${routePath(withdrawInfoRoute)}`,
      method: 'GET',
      path: routePath(withdrawInfoRoute),
      headers: secureHeaders,
    },
  ];
}

/**
 * `days` daily check-ins up to yesterday, each with its ledger entry, so the check-in status, the ledger page and the
 * balances are read for a player with a long history (a balance read must not grow with it).
 */
async function seedCheckInHistory(app: FastifyInstance, userId: string, days: number): Promise<void> {
  const dayStarts = Array.from({ length: days }, (_, index) =>
    utcDayOf(Date.now() - (days - index) * 86_400_000),
  );
  const entries = await app.db
    .insert(ledgerEntries)
    .values(
      dayStarts.map((day, index) => ({
        userId,
        asset: 'POINT' as const,
        amount: BigInt(10 * ((index % 6) + 1)),
        reason: `checkin:bench:${day}`,
        idempotencyKey: `checkin:${userId}:${day}`,
      })),
    )
    .returning({ id: ledgerEntries.id, amount: ledgerEntries.amount });
  await app.db.insert(checkIns).values(
    entries.map((entry, index) => ({
      userId,
      day: dayStarts[index]!,
      ladderDay: (index % 6) + 1,
      asset: 'POINT' as const,
      amount: entry.amount,
      ledgerEntryId: entry.id,
    })),
  );
}

/** Transfers of the wallet history: 200 for the player among 2,000 of others, as the indexer writes them. */
async function seedWalletHistory(app: FastifyInstance, smartAccountAddress: string) {
  const chainId = app.chain.chainId;
  const rows: NewNativeTransfer[] = Array.from({ length: 2_000 }, (_, i) => {
    const isPlayers = i % 10 === 0;
    const other = `0x${randomBytes(20).toString('hex')}`;
    return {
      chainId,
      blockNumber: BigInt(1_000 + i),
      blockHash: `0x${randomBytes(32).toString('hex')}`,
      blockTime: new Date(Date.now() - (2_000 - i) * 60_000),
      txHash: `0x${randomBytes(32).toString('hex')}`,
      txIndex: 0,
      traceAddress: '0.0',
      fromAddress: isPlayers && i % 20 === 0 ? smartAccountAddress : other,
      toAddress: isPlayers && i % 20 !== 0 ? smartAccountAddress : `0x${randomBytes(20).toString('hex')}`,
      valueWei: 10_000_000_000_000_000n + BigInt(i),
      status: 'success',
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await app.db.insert(nativeTransfers).values(rows.slice(start, start + 500));
  }
}

/**
 * `count` finished redemptions over the past days (with their OJO bought and taken in the ledger), so the withdraw
 * info reads today's totals and the total bet for a player with a history.
 */
async function seedRedeemHistory(app: FastifyInstance, userId: string, toAddress: string, count: number) {
  await app.db.insert(ledgerEntries).values({
    userId,
    asset: 'OJO',
    amount: BigInt(count * 100 + 5_000),
    reason: 'coin.order',
    idempotencyKey: `coin:order:bench:${userId}`,
  });
  const rows = await app.db
    .insert(coinWithdraws)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        amount: 100n,
        payoutWei: 33_000_000_000_000_000n,
        price: '3000',
        toAddress,
        status: 'FINISHED' as const,
        createdAt: new Date(Date.now() - (count - i) * 3_600_000),
      })),
    )
    .returning({ id: coinWithdraws.id });
  await app.db.insert(ledgerEntries).values(
    rows.map((row) => ({
      userId,
      asset: 'OJO' as const,
      amount: -100n,
      reason: 'coin.withdraw',
      idempotencyKey: `coin:withdraw:${row.id}`,
    })),
  );
}
