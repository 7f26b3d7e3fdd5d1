import { getBattleProgressRoute, placeBetRoute, routePath } from '@ojo/api-contract/game/http';
import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { type OjoSmartAccount, toOjoSmartAccount } from '@ojo/contracts/smart-account';
import { getUserOperationGasPrice } from '@ojo/contracts/user-operation';
import { queryRows } from '@ojo/db/client';
import { getBalance } from '@ojo/db/ledger';
import { type CoinRefund, coinOrders, coinRefunds, coinWithdraws } from '@ojo/db/schema/coin';
import { sponsoredOperations } from '@ojo/db/schema/sponsored-operations';
import type { User } from '@ojo/db/schema/users';
import { eq, inArray, sql } from '@ojo/db/sql';
import { createTestDatabase, type TestDatabase } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { atRate, bidRate, DEFAULT_REDEEM_SPREAD_BPS } from '@ojo/domain/coin/redeem-payout';
import { parseDecimal } from '@ojo/domain/format/decimal';
import type { DashRound } from '@ojo/domain/game/dash/round';
import { decodeJwt } from 'jose';
import {
  type Address,
  createClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  type TransactionReceipt,
} from 'viem';
import type { UserOperation } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSponsoredCosts } from '../../src/modules/gas/record-sponsored-costs';
import { buildTestApp, insertUser } from '../helpers';
import { devnetEnv, saasHeaders, startTestDevnet } from '../support/identity';
import {
  addKeyCall,
  badgeMintCall,
  deployedAccount,
  maxCostOf,
  operationBody,
  prepareOperation,
  productKeyPolicy,
  type SponsorshipDevnet,
  sendSponsored,
  testProfileId,
} from '../support/sponsorship';

/**
 * One person with many free accounts against the economy's defaults (docs/economy.md), on PostgreSQL, anvil and
 * the real bundler. The attacker's ETH starts on one devnet key; every account it scripts (owner keys that pay gas,
 * smart accounts that pay OJO) is funded from there, so the sum of their chain balances at the end, gas included,
 * shows what the attacker won or lost. Each `it` is one path of attack and asserts its refusal or its bound.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const ATTACKER_KEY = devnetKeys.spare[0];
const BYSTANDER_KEY = devnetKeys.spare[1];
const JWT_SECRET = 'e1'.repeat(32);

let chain: Awaited<ReturnType<typeof startTestDevnet>>;
let database: TestDatabase;
let app: App;
let operatorToken = '';
/** A second node on the same database that only takes requests (its redemptions wait an hour: see step 4). */
let front: App;
/** The apps' clock runs this far from the real one (a quote in the past, a price move, a race's timeline). */
let clockOffsetMs = -300_000;
const clock = () => Date.now() + clockOffsetMs;

const client = () => createDevnetPublicClient(chain.devnet.rpcUrl);
const devnet = (): SponsorshipDevnet => ({
  rpcUrl: chain.devnet.rpcUrl,
  bundlerUrl: chain.devnet.bundlerUrl,
  contracts: chain.devnet.deployments.contracts,
});

/** Every address the attacker holds ETH in. */
const attackerAddresses: Address[] = [privateKeyToAccount(ATTACKER_KEY).address];
let attackerStartWei = 0n;
let startBlock = 0n;
let treasuryStartWei = 0n;
/** What the attacker sent to the receipt address, and the quotes of the payments that bought OJO. */
let sentToReceiptWei = 0n;
let creditedQuotesWei = 0n;

const attackerEth = async () =>
  (await Promise.all(attackerAddresses.map((address) => client().getBalance({ address })))).reduce(
    (sum, wei) => sum + wei,
    0n,
  );

interface Player {
  user: User;
  jwt: string;
  /** Set for players with a funded smart account on chain. */
  ownerKey?: Hex;
  account?: Address;
}

/** A fresh smart account of the attacker: owner funded for gas, account deployed and funded, all from its key. */
async function attackerPlayer(fundWei: bigint): Promise<Player> {
  const ownerKey = generatePrivateKey();
  const owner = privateKeyToAccount(ownerKey).address;
  const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, ATTACKER_KEY);
  const wait = async (hash: Hex) => client().waitForTransactionReceipt({ hash });
  await wait(await wallet.sendTransaction({ to: owner, value: parseEther('0.05'), chain: null }));
  const factoryAddress = chain.devnet.deployments.contracts.SmartAccountFactory;
  await wait(
    await wallet.writeContract({
      address: factoryAddress,
      abi: smartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [owner, 0n],
      chain: null,
    }),
  );
  const account = (await toOjoSmartAccount({ client: client(), factoryAddress, owner })).address;
  await wait(await wallet.sendTransaction({ to: account, value: fundWei, chain: null }));
  attackerAddresses.push(owner, account);
  const user = await insertUser(database.db, { smartAccountAddress: account.toLowerCase() });
  return { user, jwt: await app.issueSessionToken(user.id), ownerKey, account };
}

/** A logged-in player with no chain account (free accounts that need none). */
async function freePlayer(values: Partial<User> = {}): Promise<Player> {
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const user = await insertUser(database.db, { smartAccountAddress: address.toLowerCase(), ...values });
  return { user, jwt: await app.issueSessionToken(user.id) };
}

const call = (
  player: Player | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  options: { target?: App; remoteAddress?: string } = {},
) =>
  (options.target ?? app).inject({
    method,
    url,
    headers: { ...saasHeaders, ...(player ? { jwt_token: player.jwt } : {}) },
    ...(payload ? { payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });

const ojoOf = (player: Player) => getBalance(database.db, player.user.id, 'OJO');
/** OJO per ETH at `atMs`, as units and scale. */
const priceAt = (atMs: number) =>
  parseDecimal(app.prices.quote('ETH', atMs)?.price ?? '') as { units: bigint; scale: number };
/** Whether 1 OJO costs more ETH at `a` than at `b` (fewer OJO per ETH). */
const dearerAt = (a: number, b: number) => {
  const [pa, pb] = [priceAt(a), priceAt(b)];
  return pa.units * 10n ** BigInt(pb.scale) < pb.units * 10n ** BigInt(pa.scale);
};
/** How far ahead the attacker looks for a price that suits it (within the simulator's day of readable steps). */
const SEARCH_HOURS = 20;

/**
 * The moment in the 3 hours after `fromMs` when OJO costs the most ETH. The simulator's path follows the wall clock's
 * steps, so how far the price moves after a given moment differs from run to run: hours, not minutes, hold a rise.
 */
function dearestAfter(fromMs: number) {
  let best = fromMs;
  for (let at = fromMs + 1000; at <= fromMs + 3 * 3_600_000; at += 1000) if (dearerAt(at, best)) best = at;
  return best;
}

interface Placed {
  orderId: string;
  quoteWei: string;
  callData: Hex;
  receiptAddress: Address;
}
async function order(player: Player, body: object): Promise<Placed> {
  const response = await call(player, 'POST', '/coin/orders', body);
  expect(response.json()).toMatchObject({ success: true });
  return response.json().data as Placed;
}

/** The player's smart account sends `value` to `to` with `data`, its owner paying the gas; reported to the API. */
async function pay(player: Player, to: Address, value: bigint, data: Hex): Promise<TransactionReceipt> {
  const hash = await createDevnetWalletClient(chain.devnet.rpcUrl, player.ownerKey as Hex).writeContract({
    address: player.account as Address,
    abi: smartAccountAbi,
    functionName: 'execute',
    args: [to, value, data],
    chain: null,
  });
  const receipt = await client().waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  sentToReceiptWei += value;
  // Reported as the web does; a payment that matches no order is found by the receipt watcher all the same.
  await call(player, 'POST', `/transaction/process/${hash}`);
  return receipt;
}

/** Orders and pays the quote in time: the OJO is credited. Answers the quote paid. */
async function buy(player: Player, body: object): Promise<bigint> {
  const placed = await order(player, body);
  const before = await ojoOf(player);
  await pay(player, placed.receiptAddress, BigInt(placed.quoteWei), placed.callData);
  await expect.poll(() => ojoOf(player), { timeout: 60_000, interval: 200 }).toBeGreaterThan(before);
  creditedQuotesWei += BigInt(placed.quoteWei);
  return BigInt(placed.quoteWei);
}

/** Redeems on the main node and waits for the treasury's payout; answers what it paid. */
async function redeemAndWait(player: Player, amount: string): Promise<bigint> {
  const made = await call(player, 'POST', '/coin/withdraws', { amount });
  expect(made.json()).toMatchObject({ success: true });
  const id = BigInt(made.json().data.id);
  const row = async () => (await database.db.select().from(coinWithdraws).where(eq(coinWithdraws.id, id)))[0];
  await expect.poll(async () => (await row())?.status, { timeout: 90_000, interval: 200 }).toBe('FINISHED');
  return (await row())?.payoutWei as bigint;
}

const refundsOf = (hash: Hex) => database.db.select().from(coinRefunds).where(eq(coinRefunds.txHash, hash));
/** Waits until the refund of `hash` was sent, and checks it on chain: back to `to`, the amount less its gas. */
async function sentBack(hash: Hex, to: Address, amountWei: bigint): Promise<CoinRefund> {
  await expect
    .poll(async () => (await refundsOf(hash)).map((row) => row.status), { timeout: 90_000, interval: 200 })
    .toEqual(['sent']);
  const [row] = (await refundsOf(hash)) as [CoinRefund];
  expect(row).toMatchObject({ fromAddress: to.toLowerCase(), amountWei });
  expect(row.gasWei).toBeGreaterThan(0n);
  expect(row.refundWei).toBe(amountWei - (row.gasWei as bigint));
  const sent = await client().getTransaction({ hash: row.refundTxHash as Hex });
  expect([sent.to?.toLowerCase(), sent.value]).toEqual([to.toLowerCase(), row.refundWei]);
  return row;
}

/** The current race, as the game frame reads it. */
const currentRound = async (): Promise<DashRound> =>
  (await call(undefined, 'GET', routePath(getBattleProgressRoute, { id: 'current' }))).json().data.round;

/** One race on the apps' clock: each bettor stakes 200 OJO on its own track, then betting closes and it settles. */
async function playRound(bettors: Player[]) {
  await app.game.tick();
  const round = await currentRound();
  const at = (ms: number) => {
    clockOffsetMs = ms - Date.now();
  };
  at(round.terms.timeline.opensAtMs + 100);
  await app.game.tick();
  for (const [index, bettor] of bettors.entries()) {
    const placed = await call(bettor, 'POST', routePath(placeBetRoute, { id: round.terms.roundId }), {
      currency: 'OJO',
      track: round.terms.tracks[index % round.terms.tracks.length],
      amount: '200',
      clientBetId: `bet-${bettor.user.id}`,
    });
    expect(placed.json()).toMatchObject({ success: true });
  }
  at(round.terms.timeline.closesAtMs);
  await app.game.tick();
  at(round.terms.timeline.raceEndsAtMs);
  await app.game.tick();
  expect((await currentRound()).outcome?.kind).toBe('settled');
  at(round.terms.timeline.resultsEndAtMs);
  await app.game.tick();
}

/** The first moment in the SEARCH_HOURS hours after `fromMs`, minute by minute, when `wanted` holds. */
function firstMomentAfter(fromMs: number, wanted: (atMs: number) => boolean) {
  for (let at = fromMs + 60_000; at <= fromMs + SEARCH_HOURS * 3_600_000; at += 60_000)
    if (wanted(at)) return at;
  return undefined;
}

/** The minute in the same hours after `fromMs` with the highest bid. */
function bestBidMoment(fromMs: number, bid: (atMs: number) => bigint) {
  let best = fromMs + 60_000;
  for (let at = best; at <= fromMs + SEARCH_HOURS * 3_600_000; at += 60_000)
    if (bid(at) > bid(best)) best = at;
  return best;
}

/** The client address of the attacker's farm, and of an honest player elsewhere. */
const FARM_ADDRESS = '198.51.100.66';
const HOME_ADDRESS = '203.0.113.66';
/** What one unsent sponsorship weighs: the maximum of a fresh account's badge-key operation. */
let sponsorshipWeight = 0n;

// Accounts the steps share: A buys the package, B cancels redemptions, C pays quotes; A, B and C bet in one race.
let playerA: Player;
let playerB: Player;
let playerC: Player;
/** What C paid for the 200 OJO it bet. */
let paidForBetC = 0n;

beforeAll(async () => {
  chain = await startTestDevnet();
  database = await createTestDatabase('postgres');
  // The budget's share for one address must be reachable by 30 accounts: sized from a real operation's weight.
  const reference = await toOjoSmartAccount({
    client: client(),
    factoryAddress: devnet().contracts.SmartAccountFactory,
    owner: privateKeyToAccount(generatePrivateKey()),
  });
  sponsorshipWeight = maxCostOf(await prepareOperation(devnet(), reference));
  const env = {
    ...devnetEnv(chain.devnet, chain.dataDir),
    // Both nodes accept the same session tokens.
    JWT_SECRET,
    // The product's default (the test helper turns it off): the receipt watcher finds plain transfers.
    INDEXER_ENABLED: 'true',
    // A fixed price path, so the favourable moments searched below are the same on every run.
    PRICE_SIMULATOR_SEED: '6e'.repeat(32),
    // Every injected request comes from one address; the per-address request limit is not what this test is about.
    RATE_LIMIT_MAX: '100000',
    // Jobs (payouts, refunds, profiles) run at once rather than within the default poll.
    JOB_POLL_INTERVAL_MS: '50',
    // Room for 100 sponsorships (1 ETH would hold thousands at anvil's gas price, and 30 accounts never reach 5 %).
    GAS_DAILY_BUDGET_WEI: (sponsorshipWeight * 100n).toString(),
  };
  const main = await buildTestApp(database, env, { clock });
  app = main.app;
  operatorToken = main.config.operatorToken ?? '';
  // Redemptions wait an hour before the payout (default 0 pays at once), so the attacker can cancel them: the
  // worst case for the daily count. No job runner: the main node runs the jobs.
  ({ app: front } = await buildTestApp(
    database,
    { ...env, JOB_RUNNER: 'false', WITHDRAW_PAYOUT_DELAY_SECONDS: '3600' },
    { clock },
  ));
  await Promise.all([app.ready(), front.ready()]);
  // The apps started 5 minutes in the past, so the price simulator prices a quote 2 minutes old (step 3).
  clockOffsetMs = 0;
  startBlock = await client().getBlockNumber();
  attackerStartWei = await attackerEth();
  treasuryStartWei = await client().getBalance({
    address: privateKeyToAccount(devnetKeys.apiSigner).address,
  });
}, 300_000);

afterAll(async () => {
  await front?.close();
  await app?.close();
  await database?.close();
  await chain?.stop();
});

describe('one person with many free accounts cannot take ETH out [postgres, anvil, bundler]', () => {
  it('2. checks in with many accounts: FishXP only, and a redemption is refused', async () => {
    const farm = await Promise.all(Array.from({ length: 10 }, () => freePlayer()));
    for (const player of farm) {
      expect((await call(player, 'POST', '/v2/tasks/checkin')).statusCode).toBe(200);
      // A second check-in the same day pays nothing more.
      await call(player, 'POST', '/v2/tasks/checkin');
      expect(await getBalance(database.db, player.user.id, 'POINT')).toBe(10n);
      expect(await ojoOf(player)).toBe(0n);
      const redeem = await call(player, 'POST', '/coin/withdraws', { amount: '10' });
      // FishXP is not OJO: the account has bet no OJO and holds none.
      expect([redeem.statusCode, redeem.json().code]).toEqual([422, 'WITHDRAW_TRADE_LIMIT']);
    }
    const made = await database.db
      .select()
      .from(coinWithdraws)
      .where(
        inArray(
          coinWithdraws.userId,
          farm.map((player) => player.user.id),
        ),
      );
    expect(made).toEqual([]);
  }, 120_000);

  it('1. buys the 10 %-off package and redeems at once: the trade limit refuses first; after betting, at most what it paid', async () => {
    const before = await attackerEth();
    playerA = await attackerPlayer(parseEther('3'));
    playerB = await attackerPlayer(parseEther('3'));
    playerC = await attackerPlayer(parseEther('3'));
    const paidA = await buy(playerA, { packageId: 'pro' });
    expect(await ojoOf(playerA)).toBe(2000n);
    const paidB = await buy(playerB, { base: 'OJO', quote: 'ETH', baseQty: '500' });
    paidForBetC = await buy(playerC, { base: 'OJO', quote: 'ETH', baseQty: '200' });

    // WITHDRAW_TRADE_LIMIT at its default (200): no redemption before 200 OJO was bet in a closed round.
    const refused = await call(playerA, 'POST', '/coin/withdraws', { amount: '2000' });
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'WITHDRAW_TRADE_LIMIT']);
    expect(refused.json().message).toMatch(/total bet of 200 OJO/);
    expect(await ojoOf(playerA)).toBe(2000n);

    // The attacker bets between its own accounts to meet it.
    await playRound([playerA, playerB, playerC]);
    clockOffsetMs = 0;
    for (const player of [playerA, playerB, playerC]) {
      const info = (await call(player, 'GET', '/coin/withdraw/info')).json().data;
      expect(BigInt(info.conditions.tradeLimit.achieved)).toBeGreaterThanOrEqual(200n);
    }
    // A holds 1800 OJO (lost) or more (won): it redeems 1800 of the 2000 it bought.
    expect(await ojoOf(playerA)).toBeGreaterThanOrEqual(1800n);
    const payout = await redeemAndWait(playerA, '1800');
    expect(payout).toBeGreaterThan(0n);
    expect(payout).toBeLessThanOrEqual((paidA * 1800n) / 2000n);
    // The attacker as a whole: the three purchases, the bets and the redemption left it no richer.
    expect(payout).toBeLessThanOrEqual(paidA + paidB + paidForBetC);
    expect(await attackerEth()).toBeLessThanOrEqual(before);
  }, 300_000);

  it('3. a stale quote paid late is refunded less gas, never credited; one paid in time redeems after a favourable move for at most its price', async () => {
    const before = await attackerEth();
    // A quote two minutes old (the chain's blocks run on real time), then the clock goes where OJO is dearest.
    clockOffsetMs = -120_000;
    const quotedAt = clock();
    const stale = await order(playerC, { base: 'OJO', quote: 'ETH', baseQty: '1000' });
    const favourable = dearestAfter(quotedAt);
    expect(dearerAt(favourable, quotedAt)).toBe(true);
    clockOffsetMs = favourable - Date.now();
    const ojoBefore = await ojoOf(playerC);
    const late = await pay(playerC, stale.receiptAddress, BigInt(stale.quoteWei), stale.callData);
    const refund = await sentBack(late.transactionHash, playerC.account as Address, BigInt(stale.quoteWei));
    expect(refund).toMatchObject({ reason: 'paid after the quote ran out', orderId: stale.orderId });
    expect(await ojoOf(playerC)).toBe(ojoBefore);
    const [staleRow] = await database.db.select().from(coinOrders).where(eq(coinOrders.id, stale.orderId));
    expect(staleRow?.state).toBe('rejected');

    // Paid in time; then the attacker waits for the moment its 1000 OJO fetch more at the bid than they cost.
    clockOffsetMs = 0;
    const paid = await buy(playerC, { base: 'OJO', quote: 'ETH', baseQty: '1000' });
    const [basis] = await queryRows<{ qty: string; wei: string }>(
      database.db,
      sql`select qty::text, wei::text from coin_cost_basis where user_id = ${playerC.user.id}`,
    );
    // The 200 OJO bought for the race and these 1000, at their average cost.
    expect(basis).toEqual({ qty: '1200', wei: (paidForBetC + paid).toString() });
    const costOf1000 = ((paidForBetC + paid) * 1000n) / 1200n;
    const bidFor1000 = (atMs: number) => {
      const price = priceAt(atMs);
      return atRate(1000n, bidRate(price.units, price.scale, DEFAULT_REDEEM_SPREAD_BPS));
    };
    // The simulator's path follows the wall clock's steps, so on some runs the bid never rises above the cost within
    // the hours searched: the attacker then redeems at the best bid it can find, and is held to it and to its cost.
    const favourableBid = firstMomentAfter(
      clock(),
      (atMs) => bidFor1000(atMs) > costOf1000 && bidFor1000(atMs) > paid,
    );
    const redeemAt = favourableBid ?? bestBidMoment(clock(), bidFor1000);
    clockOffsetMs = redeemAt - Date.now();
    const payout = await redeemAndWait(playerC, '1000');
    clockOffsetMs = 0;
    // At most what its OJO cost (the average over its basis: this quote and the race's 200 OJO), not the bid.
    expect(payout).toBeLessThanOrEqual(costOf1000);
    if (favourableBid === undefined) expect(payout).toBeLessThanOrEqual(bidFor1000(redeemAt));
    else expect(payout).toBeLessThan(bidFor1000(redeemAt));
    expect(await attackerEth()).toBeLessThanOrEqual(before);
  }, 300_000);

  it('4. cancels and redeems again to wait for a better price: the cancels count toward the daily count', async () => {
    const ojoBefore = await ojoOf(playerB);
    const basisBefore = await queryRows<{ qty: string; wei: string }>(
      database.db,
      sql`select qty::text, wei::text from coin_cost_basis where user_id = ${playerB.user.id}`,
    );
    const ethBefore = await client().getBalance({ address: playerB.account as Address });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const made = await call(playerB, 'POST', '/coin/withdraws', { amount: '10' }, { target: front });
      expect(made.json()).toMatchObject({ success: true });
      const cancelled = await call(playerB, 'DELETE', `/coin/withdraws/${made.json().data.id}`, undefined, {
        target: front,
      });
      expect(cancelled.json().data).toMatchObject({ status: 'CANCELLED' });
      expect(await ojoOf(playerB)).toBe(ojoBefore);
    }
    for (const target of [front, app]) {
      const sixth = await call(playerB, 'POST', '/coin/withdraws', { amount: '10' }, { target });
      expect([sixth.statusCode, sixth.json().code]).toEqual([422, 'WITHDRAW_DAILY_REACHED']);
    }
    const info = (await call(playerB, 'GET', '/coin/withdraw/info')).json().data;
    expect(info.conditions.dailyCountCheck).toMatchObject({ require: '5', achieved: '5' });
    expect(await ojoOf(playerB)).toBe(ojoBefore);
    expect(await client().getBalance({ address: playerB.account as Address })).toBe(ethBefore);
    expect(basisBefore).toHaveLength(1);
    expect(
      await queryRows(
        database.db,
        sql`select qty::text, wei::text from coin_cost_basis where user_id = ${playerB.user.id}`,
      ),
    ).toEqual(basisBefore);
  }, 120_000);

  it('5. asks to sponsor 14 session keys in one operation: refused before signing', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    attackerAddresses.push(owner.address);
    const account = await deployedAccount(devnet(), ATTACKER_KEY, owner);
    const player = await freePlayer({
      smartAccountAddress: account.address.toLowerCase(),
      profileId: testProfileId(),
    });
    const price = await getUserOperationGasPrice(createClient({ transport: http(chain.devnet.bundlerUrl) }));
    const callData = encodeFunctionData({
      abi: smartAccountAbi,
      functionName: 'executeBatch',
      args: [
        Array.from({ length: 14 }, () => {
          const key = addKeyCall(account.address, productKeyPolicy(devnet().contracts));
          return { target: key.to, value: 0n, data: key.data };
        }),
      ],
    });
    const response = await call(
      player,
      'POST',
      '/contract/gas/policy',
      operationBody({
        sender: account.address,
        nonce: 0n,
        callData,
        callGasLimit: 2_000_000n,
        verificationGasLimit: 300_000n,
        preVerificationGas: 60_000n,
        ...price,
      } as UserOperation<'0.8'>),
      { remoteAddress: FARM_ADDRESS },
    );
    expect([response.statusCode, response.json().code]).toEqual([400, 'GAS_TOO_MANY_CALLS']);
    expect(response.json().obj?.policy_data).toBeUndefined();
    const held = await database.db
      .select()
      .from(sponsoredOperations)
      .where(eq(sponsoredOperations.sender, account.address.toLowerCase()));
    expect(held).toEqual([]);
  }, 120_000);

  it('6. 30 accounts from one address ask for sponsorship and never send: held within the client share; another player still mints', async () => {
    await recordSponsoredCosts(database.db, app.chain);
    const budget = sponsorshipWeight * 100n;
    // GAS_MAX_CLIENT_SHARE_BPS at its default: 5 %.
    const clientCap = (budget * 500n) / 10_000n;
    const codes: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      // Fresh accounts, created by their first operation: they cost the attacker nothing.
      const account = await toOjoSmartAccount({
        client: client(),
        factoryAddress: devnet().contracts.SmartAccountFactory,
        owner: privateKeyToAccount(generatePrivateKey()),
      });
      const player = await freePlayer({
        smartAccountAddress: account.address.toLowerCase(),
        profileId: testProfileId(),
      });
      const operation = await prepareOperation(devnet(), account);
      const response = await call(player, 'POST', '/contract/gas/policy', operationBody(operation), {
        remoteAddress: FARM_ADDRESS,
      });
      codes.push(response.statusCode === 200 ? 'OK' : response.json().code);
    }
    const accepted = codes.filter((code) => code === 'OK').length;
    expect(accepted).toBeGreaterThan(0);
    expect(codes.slice(accepted)).toEqual(Array(30 - accepted).fill('GAS_CLIENT_BUDGET'));
    const [held] = await queryRows<{ total: string; largest: string }>(
      database.db,
      sql`select sum(reserved_wei)::text as total, max(reserved_wei)::text as largest
          from sponsored_operations where client_address = ${FARM_ADDRESS}`,
    );
    const total = BigInt(held?.total ?? '0');
    expect(total).toBeLessThanOrEqual(clientCap);
    expect(total + BigInt(held?.largest ?? '0')).toBeGreaterThan(clientCap);

    // An honest player elsewhere: the badge key, then a badge mint, both sponsored and both run.
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await deployedAccount(devnet(), BYSTANDER_KEY, owner);
    const player = await freePlayer({
      smartAccountAddress: account.address.toLowerCase(),
      profileId: testProfileId(),
    });
    const sponsorAndSend = async (signer: OjoSmartAccount, calls?: { to: Address; data: Hex }[]) => {
      const operation = await prepareOperation(devnet(), signer, 0n, calls);
      const response = await call(player, 'POST', '/contract/gas/policy', operationBody(operation), {
        remoteAddress: HOME_ADDRESS,
      });
      expect(response.json()).toMatchObject({ success: true });
      const receipt = await sendSponsored(
        devnet(),
        signer,
        operation,
        response.json().obj.policy_data.paymasterData as Hex,
      );
      expect(receipt.success).toBe(true);
    };
    const key = privateKeyToAccount(generatePrivateKey());
    await sponsorAndSend(account, [
      addKeyCall(account.address, productKeyPolicy(devnet().contracts, { key: key.address })),
    ]);
    const asKey = await toOjoSmartAccount({
      client: client(),
      factoryAddress: devnet().contracts.SmartAccountFactory,
      owner: owner.address,
      sessionKey: key,
    });
    await sponsorAndSend(asKey, [
      await badgeMintCall(devnet().contracts, await client().getChainId(), account.address),
    ]);
  }, 300_000);

  it('7. farms profiles from one address (stops at PROFILE_DAILY_PER_CLIENT) and referrals without real activity (count stays 0)', async () => {
    const login = async (inviteCode: string) => {
      const address = privateKeyToAccount(generatePrivateKey()).address;
      const { idToken } = await app.identity.issue(address);
      const response = await call(undefined, 'POST', '/customer/login', {
        idToken,
        publicKey: address,
        inviteCode,
        sourceType: 'web',
      });
      expect(response.statusCode).toBe(200);
      const jwt = response.json().obj.jwtKey as string;
      return { jwt, userId: decodeJwt(jwt).sub as string };
    };
    const referrer = await login('');
    const invite = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/customer/invite',
          headers: { ...saasHeaders, jwt_token: referrer.jwt },
        })
      ).json().obj;
    const { inviteCode } = await invite();
    const referees = [];
    for (let index = 0; index < 6; index += 1) referees.push(await login(inviteCode));
    const handle = (index: number) => `farm${Date.now().toString(36)}${index}`;
    const asJwt = (jwt: string) => ({ user: { id: decodeJwt(jwt).sub } as User, jwt });
    // PROFILE_DAILY_PER_CLIENT at its default (5): the sixth from the same address is refused.
    for (const [index, referee] of referees.entries()) {
      const response = await call(
        asJwt(referee.jwt),
        'POST',
        '/profile',
        { handle: handle(index) },
        {
          remoteAddress: FARM_ADDRESS,
        },
      );
      if (index < 5) expect(response.statusCode).toBe(202);
      else expect([response.statusCode, response.json().code]).toEqual([429, 'PROFILE_CLIENT_DAILY_LIMIT']);
    }
    for (const referee of referees.slice(0, 5)) {
      await expect
        .poll(async () => (await call(asJwt(referee.jwt), 'GET', '/profile')).json().obj?.status, {
          timeout: 90_000,
          interval: 250,
        })
        .toBe('created');
      // A check-in alone is no real activity either.
      expect((await call(asJwt(referee.jwt), 'POST', '/v2/tasks/checkin')).statusCode).toBe(200);
    }
    expect((await call(asJwt(referees[5]?.jwt as string), 'GET', '/profile')).json().obj).toBeNull();
    expect((await invite()).invitedMap).toEqual({});
    const counted = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from referrals where counted_at is not null`,
    );
    expect(counted[0]?.n).toBe(0);
  }, 300_000);

  it('8. payments that match no order are refunded less gas: a plain transfer, another player’s order, a second payment, an overpayment', async () => {
    const payer = await attackerPlayer(parseEther('2'));
    const account = payer.account as Address;
    const bystander = await freePlayer();
    const theirs = await order(bystander, { base: 'OJO', quote: 'ETH', baseQty: '50' });
    const receiptAddress = theirs.receiptAddress;

    const plain = await pay(payer, receiptAddress, parseEther('0.02'), '0x');
    expect(await sentBack(plain.transactionHash, account, parseEther('0.02'))).toMatchObject({
      orderId: null,
    });

    const foreign = await pay(payer, receiptAddress, BigInt(theirs.quoteWei), theirs.callData);
    expect(await sentBack(foreign.transactionHash, account, BigInt(theirs.quoteWei))).toMatchObject({
      reason: 'paid by another account',
    });
    const [theirRow] = await database.db.select().from(coinOrders).where(eq(coinOrders.id, theirs.orderId));
    expect(theirRow?.state).toBe('created');
    expect(await ojoOf(payer)).toBe(0n);

    const mine = await order(payer, { base: 'OJO', quote: 'ETH', baseQty: '100' });
    await pay(payer, mine.receiptAddress, BigInt(mine.quoteWei), mine.callData);
    await expect.poll(() => ojoOf(payer), { timeout: 60_000, interval: 200 }).toBe(100n);
    creditedQuotesWei += BigInt(mine.quoteWei);
    const second = await pay(payer, mine.receiptAddress, BigInt(mine.quoteWei), mine.callData);
    expect(await sentBack(second.transactionHash, account, BigInt(mine.quoteWei))).toMatchObject({
      reason: 'order paid already',
    });
    expect(await ojoOf(payer)).toBe(100n);

    const more = await order(payer, { base: 'OJO', quote: 'ETH', baseQty: '100' });
    const excess = parseEther('0.05');
    const over = await pay(payer, more.receiptAddress, BigInt(more.quoteWei) + excess, more.callData);
    expect(await sentBack(over.transactionHash, account, excess)).toMatchObject({
      reason: 'paid more than the quote',
    });
    creditedQuotesWei += BigInt(more.quoteWei);
    expect(await ojoOf(payer)).toBe(200n);
  }, 300_000);

  it('ends with the attacker no richer in ETH, and the economy report ok and consistent with the chain to the wei', async () => {
    expect(await attackerEth()).toBeLessThanOrEqual(attackerStartWei);

    // Every cost the paymaster paid is on the books before the report compares them with the chain.
    await recordSponsoredCosts(database.db, app.chain);
    const response = await app.inject({
      method: 'GET',
      url: '/operator/economy/report',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.checks.filter((check: { ok: boolean }) => !check.ok)).toEqual([]);
    expect(report.ok).toBe(true);

    // The treasury's side, read from the chain by the test: every transaction it sent since the start.
    const treasury = (report.treasury.address as string).toLowerCase();
    expect(treasury).toBe(privateKeyToAccount(devnetKeys.apiSigner).address.toLowerCase());
    let outWei = 0n;
    let gasWei = 0n;
    const latest = await client().getBlockNumber();
    for (let number = startBlock + 1n; number <= latest; number += 1n) {
      const block = await client().getBlock({ blockNumber: number, includeTransactions: true });
      for (const transaction of block.transactions) {
        if (transaction.from.toLowerCase() !== treasury) continue;
        const receipt = await client().getTransactionReceipt({ hash: transaction.hash });
        gasWei += receipt.gasUsed * receipt.effectiveGasPrice;
        if (receipt.status === 'success') outWei += transaction.value;
      }
    }
    // Only the attacker paid the treasury: its balance moved by exactly what came in, went out and burned in gas.
    const treasuryEndWei = await client().getBalance({ address: treasury as Address });
    expect(treasuryEndWei).toBe(treasuryStartWei + sentToReceiptWei - outWei - gasWei);

    // The report against the test's own sums: what the attacker's credited payments quoted, and what left the
    // treasury (redemptions paid and refunds sent) on chain.
    expect(BigInt(report.treasury.receivedWei)).toBe(creditedQuotesWei);
    expect(BigInt(report.treasury.paidWei) + BigInt(report.treasury.refundedWei)).toBe(outWei);
    expect(BigInt(report.treasury.pendingPayoutWei)).toBe(0n);
    const [refunds] = await queryRows<{ amount: string; refunded: string; kept: string }>(
      database.db,
      sql`select coalesce(sum(amount_wei) filter (where status = 'sent'), 0)::text as amount,
            coalesce(sum(refund_wei) filter (where status = 'sent'), 0)::text as refunded,
            coalesce(sum(amount_wei) filter (where status = 'kept'), 0)::text as kept from coin_refunds`,
    );
    expect(BigInt(report.treasury.refundedWei)).toBe(BigInt(refunds?.refunded ?? '-1'));
    // Every wei the attacker sent either bought OJO or came back in a refund (less that refund's gas) or as dust.
    expect(creditedQuotesWei + BigInt(refunds?.amount ?? '0') + BigInt(refunds?.kept ?? '0')).toBe(
      sentToReceiptWei,
    );
    const margin = BigInt(report.treasury.receivedWei) - BigInt(report.treasury.paidWei);
    expect(BigInt(report.treasury.marginWei)).toBe(margin);
    expect(margin).toBeGreaterThanOrEqual(0n);
  }, 300_000);
});
