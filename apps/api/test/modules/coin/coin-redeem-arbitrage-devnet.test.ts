import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { getSmartAccountAddress } from '@ojo/contracts/smart-account';
import { findLedgerDiscrepancies } from '@ojo/db/ledger';
import { coinWithdraws } from '@ojo/db/schema/coin';
import type { User } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { redeemPayoutWei } from '@ojo/domain/coin/withdraw-limits';
import { parseDecimal } from '@ojo/domain/format/decimal';
import { type Address, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';
import { saasHeaders } from '../../support/identity';

/**
 * The attacks of a review, on anvil with real ETH: buy a discount package and redeem it at once, and pay a quote
 * and redeem after the price moved the player's way. With no spread (COIN_REDEEM_SPREAD_BPS=0), so the cost cap
 * alone must hold: the smart account ends with no more ETH than it started with, though the OJO's market value at
 * the redemption is above what was paid.
 */
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const client = () => createDevnetPublicClient(chain.rpcUrl);

describeWithDatabases('redeeming bought OJO never pays more ETH than it cost', ({ database, kind }) => {
  type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
  let app: App;
  let nowMs = Date.now();
  const keys =
    kind === 'pglite'
      ? [devnetKeys.spare[0], devnetKeys.spare[1]]
      : [devnetKeys.spare[2], devnetKeys.spare[3]];
  const players: { key: Hex; account: Address; user: User; jwt: string }[] = [];

  const call = (player: number, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...saasHeaders, jwt_token: players[player]?.jwt },
      ...(payload ? { payload } : {}),
    });
  const ethOf = (player: number) =>
    client().getBalance({ address: (players[player] as (typeof players)[number]).account });
  /** OJO per ETH at `atMs`, as units and scale. */
  const priceAt = (atMs: number) =>
    parseDecimal(app.prices.quote('ETH', atMs)?.price ?? '') as { units: bigint; scale: number };

  /** Orders, pays the quote from the smart account and reports the payment: the OJO is credited. */
  const buy = async (player: number, body: object) => {
    const placed = (await call(player, 'POST', '/coin/orders', body)).json().data as {
      quoteWei: string;
      callData: Hex;
      receiptAddress: Address;
    };
    const owner = players[player] as (typeof players)[number];
    const hash = await createDevnetWalletClient(chain.rpcUrl, owner.key).writeContract({
      address: owner.account,
      abi: smartAccountAbi,
      functionName: 'execute',
      args: [placed.receiptAddress, BigInt(placed.quoteWei), placed.callData],
    } as never);
    await client().waitForTransactionReceipt({ hash });
    const reported = await call(player, 'POST', `/transaction/process/${hash}`);
    expect(reported.statusCode).toBe(200);
    return BigInt(placed.quoteWei);
  };
  /** Redeems and waits for the treasury's payout: answers what was paid. */
  const redeemAndWait = async (player: number, amount: string) => {
    const made = await call(player, 'POST', '/coin/withdraws', { amount });
    expect(made.statusCode).toBe(200);
    const id = BigInt(made.json().data.id);
    const row = async () =>
      (await database().db.select().from(coinWithdraws).where(eq(coinWithdraws.id, id)))[0];
    await expect.poll(async () => (await row())?.status, { timeout: 60_000 }).toBe('FINISHED');
    return (await row())?.payoutWei as bigint;
  };

  beforeAll(async () => {
    ({ app } = await buildTestApp(
      database(),
      {
        ...chain.env,
        PRICE_SIMULATOR_SEED: '5a'.repeat(32),
        RATE_LIMIT_MAX: '100000',
        COIN_CONFIRMATIONS: '0',
        COIN_DISCOUNTS: 'pro:2000:10',
        COIN_REDEEM_SPREAD_BPS: '0',
        WITHDRAW_TRADE_LIMIT: '0',
        WITHDRAW_PAYOUT_DELAY_SECONDS: '0',
        JOB_POLL_INTERVAL_MS: '50',
      },
      { clock: () => nowMs },
    ));
    await app.ready();
    const factoryAddress = chain.deployments.contracts.SmartAccountFactory as Address;
    const funder = createDevnetWalletClient(chain.rpcUrl, devnetKeys.deployer);
    for (const key of keys) {
      const owner = privateKeyToAccount(key).address;
      const created = await createDevnetWalletClient(chain.rpcUrl, key).writeContract({
        address: factoryAddress,
        abi: smartAccountFactoryAbi,
        functionName: 'createAccount',
        args: [owner, 12n],
      } as never);
      await client().waitForTransactionReceipt({ hash: created });
      const account = await getSmartAccountAddress(client(), { factoryAddress, owner, salt: 12n });
      const funded = await funder.sendTransaction({ to: account, value: parseEther('5') } as never);
      await client().waitForTransactionReceipt({ hash: funded });
      const user = await insertUser(database().db, { smartAccountAddress: account.toLowerCase() });
      players.push({ key, account, user, jwt: await app.issueSessionToken(user.id) });
    }
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });

  it('pays a package bought 10 % below list and redeemed at once no more than it cost', async () => {
    const before = await ethOf(0);
    const paid = await buy(0, { packageId: 'pro' });
    const price = priceAt(nowMs);
    // What the review's redemption paid: the list price, 1/0.9 of what the package cost.
    expect(redeemPayoutWei(2000n, price.units, price.scale)).toBeGreaterThan(paid);
    const payout = await redeemAndWait(0, '2000');
    expect(payout).toBeLessThanOrEqual(paid);
    expect(await ethOf(0)).toBe(before - paid + payout);
    expect(await ethOf(0)).toBeLessThanOrEqual(before);
  }, 120_000);

  it('pays a quote redeemed after the price moved the player’s way no more than it cost', async () => {
    const before = await ethOf(1);
    const startMs = nowMs;
    const paid = await buy(1, { base: 'OJO', quote: 'ETH', baseQty: '1000' });
    // The moment in the next 15 minutes when 1000 OJO is worth the most ETH (the fewest OJO per ETH).
    let best = startMs;
    for (let at = startMs + 1000; at <= startMs + 900_000; at += 1000) {
      if (
        priceAt(at).units * 10n ** BigInt(priceAt(best).scale) <
        priceAt(best).units * 10n ** BigInt(priceAt(at).scale)
      )
        best = at;
    }
    nowMs = best;
    const moved = priceAt(nowMs);
    expect(redeemPayoutWei(1000n, moved.units, moved.scale)).toBeGreaterThan(paid);
    const payout = await redeemAndWait(1, '1000');
    expect(payout).toBeLessThanOrEqual(paid);
    expect(await ethOf(1)).toBeLessThanOrEqual(before);
    expect(await findLedgerDiscrepancies(database().db)).toEqual([]);
  }, 120_000);
});
