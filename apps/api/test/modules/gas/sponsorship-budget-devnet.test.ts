import { type OjoSmartAccount, toOjoSmartAccount } from '@ojo/contracts/smart-account';
import { createOjoBundlerClient } from '@ojo/contracts/user-operation';
import { queryRows } from '@ojo/db/client';
import type { User } from '@ojo/db/schema/users';
import { sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, type Hex, type LocalAccount, parseEther, toHex } from 'viem';
import type { UserOperation } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { recordSponsoredCosts } from '../../../src/modules/gas/record-sponsored-costs';
import { buildTestApp, insertUser } from '../../helpers';
import { devnetEnv, saasHeaders, startTestDevnet } from '../../support/identity';
import {
  addKeyCall,
  badgeMintCall,
  deployedAccount as deployedAccount_,
  type KeyPolicy,
  maxCostOf,
  operationBody,
  paymasterSpentOnChain as paymasterSpentOnChain_,
  prepareOperation as prepareOperation_,
  productKeyPolicy,
  testProfileId,
} from '../../support/sponsorship';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

let chain: Awaited<ReturnType<typeof startTestDevnet>>;

beforeAll(async () => {
  chain = await startTestDevnet();
}, 240_000);
afterAll(async () => {
  await chain?.stop();
});

const client = () => createDevnetPublicClient(chain.devnet.rpcUrl);
const contracts = () => chain.devnet.deployments.contracts;

const devnet = () => ({
  rpcUrl: chain.devnet.rpcUrl,
  bundlerUrl: chain.devnet.bundlerUrl,
  contracts: contracts(),
});
const paymasterSpentOnChain = () => paymasterSpentOnChain_(devnet());
/** A deployed product account of `owner` (a fresh one by default). */
const deployedAccount = (owner?: LocalAccount) => deployedAccount_(devnet(), devnetKeys.spare[1], owner);
const prepareOperation = (account: OjoSmartAccount, nonceKey = 0n, calls?: { to: Address; data: Hex }[]) =>
  prepareOperation_(devnet(), account, nonceKey, calls);

/**
 * A deployed account whose owner added the badge key itself (paying its own gas, as any owner may), and that
 * account signing as the key: badge mints to sponsor without a sponsored key first.
 */
async function keyedAccount(): Promise<OjoSmartAccount> {
  const ownerKey = generatePrivateKey();
  const owner = privateKeyToAccount(ownerKey);
  const account = await deployedAccount(owner);
  const key = privateKeyToAccount(generatePrivateKey());
  const policy: KeyPolicy = productKeyPolicy(contracts(), { key: key.address });
  await client().request({
    method: 'anvil_setBalance' as never,
    params: [owner.address, toHex(parseEther('1'))] as never,
  });
  const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, ownerKey);
  const hash = await wallet.sendTransaction({ ...addKeyCall(account.address, policy), chain: null });
  await client().waitForTransactionReceipt({ hash });
  return toOjoSmartAccount({
    client: client(),
    factoryAddress: contracts().SmartAccountFactory,
    owner: owner.address,
    sessionKey: key,
  });
}

/** A badge mint operation of `account` (signing as its key) on `nonceKey`. */
const prepareMint = async (account: OjoSmartAccount, nonceKey = 0n) =>
  prepareOperation(account, nonceKey, [
    await badgeMintCall(contracts(), await client().getChainId(), account.address),
  ]);

describeWithDatabases('the daily gas budget follows real spending (devnet)', ({ database }) => {
  const apps: TestApp[] = [];

  /** An API node on the shared test database; only on-demand scans (no timer), so each test decides when. */
  async function node(env: Record<string, string>) {
    const { app } = await buildTestApp(database(), {
      ...devnetEnv(chain.devnet, chain.dataDir),
      GAS_COSTS_SCAN_INTERVAL_MS: '0',
      // The global budget under test unless a test sets the shares.
      GAS_MAX_ACCOUNT_SHARE_BPS: '10000',
      GAS_MAX_CLIENT_SHARE_BPS: '10000',
      ...env,
    });
    apps.push(app);
    return app;
  }

  const askPolicy = async (
    app: TestApp,
    user: User,
    operation: UserOperation<'0.8'>,
    remoteAddress = '127.0.0.1',
  ) =>
    app.inject({
      method: 'POST',
      url: '/contract/gas/policy',
      headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(user.id) },
      payload: operationBody(operation),
      remoteAddress,
    });

  const userOf = (account: OjoSmartAccount) =>
    insertUser(database().db, {
      smartAccountAddress: account.address.toLowerCase(),
      profileId: testProfileId(),
    });

  /** A deployed account (signing as its owner, or as its badge key when `keyed`) with its user. */
  async function player(options: { keyed?: boolean } = {}) {
    const account = options.keyed ? await keyedAccount() : await deployedAccount();
    return { account, user: await userOf(account) };
  }

  beforeEach(async () => {
    // Each test starts from no reservation and re-reads every cost from the chain.
    for (const table of ['sponsored_operations', 'sponsored_operation_costs', 'sponsored_operation_scans']) {
      await queryRows(database().db, sql`delete from ${sql.identifier(table)}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('counts what operations really cost (UserOperationEvent.actualGasCost), not their signed maxima', async () => {
    const first = await player();
    const firstOperation = await prepareOperation(first.account);
    const second = await player();
    const secondOperation = await prepareOperation(second.account);
    const third = await player();
    const thirdOperation = await prepareOperation(third.account);

    // The first operation runs (sponsored by an unlimited node on the same database).
    const unlimited = await node({});
    // Everything spent before this test is on the books; the first operation will not be until a scan.
    await recordSponsoredCosts(database().db, unlimited.chain);
    const sponsored = await askPolicy(unlimited, first.user, firstOperation);
    expect(sponsored.statusCode).toBe(200);
    const operation = {
      ...firstOperation,
      paymasterData: sponsored.json().obj.policy_data.paymasterData as Hex,
    };
    const bundler = createOjoBundlerClient({
      bundlerUrl: chain.devnet.bundlerUrl,
      client: client(),
      account: first.account,
    });
    const receipt = await bundler.waitForUserOperationReceipt({
      hash: await bundler.sendUserOperation({
        ...operation,
        signature: await first.account.signUserOperation(operation),
      }),
    });
    expect(receipt.actualGasCost).toBeLessThan(maxCostOf(firstOperation));

    // Room for everything spent so far plus one more reservation, and for the first operation's maximum only
    // if it were counted at its actual cost: half its unused maximum to spare.
    const unusedMaximum = maxCostOf(firstOperation) - receipt.actualGasCost;
    const budget = (await paymasterSpentOnChain()) + maxCostOf(secondOperation) + unusedMaximum / 2n;
    const limited = await node({ GAS_DAILY_BUDGET_WEI: budget.toString() });
    expect((await askPolicy(limited, second.user, secondOperation)).statusCode).toBe(200);
    const [cost] = await queryRows<{ actual_gas_cost_wei: string; success: boolean }>(
      database().db,
      sql`select actual_gas_cost_wei::text, success from sponsored_operation_costs where user_op_hash = ${receipt.userOpHash.toLowerCase()}`,
    );
    expect(cost).toEqual({ actual_gas_cost_wei: receipt.actualGasCost.toString(), success: true });

    // The second reservation now holds its maximum: a third does not fit.
    const over = await askPolicy(limited, third.user, thirdOperation);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'GAS_DAILY_BUDGET' });
  });

  it('records each cost once, however many nodes scan at the same time', async () => {
    const [one, two] = [await node({}), await node({})];
    const scans = await Promise.all([
      recordSponsoredCosts(database().db, one.chain),
      recordSponsoredCosts(database().db, two.chain),
      recordSponsoredCosts(database().db, one.chain),
    ]);
    expect(scans.every((scan) => scan.toBlock > 0n)).toBe(true);
    const [row] = await queryRows<{ rows: number; total: string; distinct_hashes: number }>(
      database().db,
      sql`select count(*)::int as rows, coalesce(sum(actual_gas_cost_wei), 0)::text as total,
            count(distinct user_op_hash)::int as distinct_hashes from sponsored_operation_costs`,
    );
    expect(row?.rows).toBe(row?.distinct_hashes);
    expect(BigInt(row?.total ?? '0')).toBe(await paymasterSpentOnChain());
    expect(scans.reduce((sum, scan) => sum + scan.recorded, 0)).toBe(row?.rows);
  });

  it('stops counting a signature nobody sent once it has expired on chain', async () => {
    const holder = await player();
    const holderOperation = await prepareOperation(holder.account);
    const newcomer = await player();
    const newcomerOperation = await prepareOperation(newcomer.account);
    const budget =
      (await paymasterSpentOnChain()) + maxCostOf(holderOperation) + maxCostOf(newcomerOperation) / 2n;
    const limited = await node({
      GAS_DAILY_BUDGET_WEI: budget.toString(),
      GAS_SPONSORSHIP_VALID_SECONDS: '2',
    });
    await recordSponsoredCosts(database().db, limited.chain);

    expect((await askPolicy(limited, holder.user, holderOperation)).statusCode).toBe(200);
    const blocked = await askPolicy(limited, newcomer.user, newcomerOperation);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('GAS_DAILY_BUDGET');

    // The holder never sends it. Once the chain is past its validUntil, it cannot run and stops counting.
    await expect
      .poll(
        async () => {
          await client().request({ method: 'evm_mine' as never });
          return (await askPolicy(limited, newcomer.user, newcomerOperation)).statusCode;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(200);
  });

  it('limits pending signatures per player, so a burst of throwaway accounts does not block a new player', async () => {
    // Badge mints: an account has one session key, but may ask for several mints at once.
    const keyed = { keyed: true };
    const throwaways = [await player(keyed), await player(keyed), await player(keyed), await player(keyed)];
    const newcomer = await player(keyed);
    const newcomerOperation = await prepareMint(newcomer.account);
    // Room for 14 reservations: the four throwaways would take all of it with six each.
    const budget = (await paymasterSpentOnChain()) + maxCostOf(newcomerOperation) * 14n;
    const limited = await node({ GAS_DAILY_BUDGET_WEI: budget.toString() });
    await recordSponsoredCosts(database().db, limited.chain);

    for (const { account, user } of throwaways) {
      const statuses: number[] = [];
      const codes: string[] = [];
      for (let nonceKey = 0n; nonceKey < 6n; nonceKey += 1n) {
        const operation = await prepareMint(account, nonceKey);
        // The same price as the newcomer's, so every reservation weighs the same.
        const response = await askPolicy(limited, user, {
          ...operation,
          maxFeePerGas: newcomerOperation.maxFeePerGas,
          maxPriorityFeePerGas: newcomerOperation.maxPriorityFeePerGas,
        });
        statuses.push(response.statusCode);
        codes.push(response.json().code);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
      expect(codes.slice(3)).toEqual([
        'GAS_TOO_MANY_PENDING',
        'GAS_TOO_MANY_PENDING',
        'GAS_TOO_MANY_PENDING',
      ]);
    }
    expect((await askPolicy(limited, newcomer.user, newcomerOperation)).statusCode).toBe(200);
  });
  it('signs for 60 s by default and reserves the estimate at the network price, not the signed maximum', async () => {
    const { account, user } = await player();
    const operation = await prepareOperation(account);
    // GAS_SPONSORSHIP_VALID_SECONDS left at its default.
    const app = await node({});
    const before = Date.now();
    // The most a wallet may sign: twice the network's price.
    const response = await askPolicy(app, user, { ...operation, maxFeePerGas: operation.maxFeePerGas * 2n });
    expect(response.statusCode).toBe(200);
    const [row] = await queryRows<{ valid_until: Date; reserved_wei: string; max_cost_wei: string }>(
      database().db,
      sql`select valid_until, reserved_wei::text, max_cost_wei::text from sponsored_operations
          where sender = ${account.address.toLowerCase()}`,
    );
    const life = new Date(row?.valid_until ?? 0).getTime() - before;
    expect(life).toBeGreaterThan(55_000);
    expect(life).toBeLessThanOrEqual(61_000);
    const reserved = BigInt(row?.reserved_wei ?? '0');
    const maximum = BigInt(row?.max_cost_wei ?? '0');
    expect(maximum).toBe(maxCostOf({ ...operation, maxFeePerGas: operation.maxFeePerGas * 2n }));
    expect(reserved).toBeGreaterThan(0n);
    expect(reserved * 10n).toBeLessThan(maximum * 6n);
  });

  it('caps one client address at its share: 30 free accounts cannot drain the budget, another player still mints', async () => {
    const reference = await prepareOperation(await deployedAccount());
    const weight = maxCostOf(reference);
    const budget = (await paymasterSpentOnChain()) + weight * 100n;
    const app = await node({
      GAS_DAILY_BUDGET_WEI: budget.toString(),
      GAS_MAX_CLIENT_SHARE_BPS: '500',
    });
    await recordSponsoredCosts(database().db, app.chain);
    const clientCap = (budget * 500n) / 10_000n;

    const farm = '198.51.100.7';
    const codes: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      // Fresh accounts, created by their first operation: nothing to deploy first.
      const account = await toOjoSmartAccount({
        client: client(),
        factoryAddress: contracts().SmartAccountFactory,
        owner: privateKeyToAccount(generatePrivateKey()),
      });
      const response = await askPolicy(app, await userOf(account), await prepareOperation(account), farm);
      codes.push(response.statusCode === 200 ? 'OK' : response.json().code);
    }
    const accepted = codes.filter((code) => code === 'OK').length;
    expect(accepted).toBeGreaterThan(0);
    expect(codes.slice(accepted)).toEqual(Array(30 - accepted).fill('GAS_CLIENT_BUDGET'));
    const [held] = await queryRows<{ total: string; largest: string }>(
      database().db,
      sql`select sum(reserved_wei)::text as total, max(reserved_wei)::text as largest
          from sponsored_operations where client_address = ${farm}`,
    );
    const total = BigInt(held?.total ?? '0');
    expect(total).toBeLessThanOrEqual(clientCap);
    // Refused only once the next one would not fit.
    expect(total + BigInt(held?.largest ?? '0')).toBeGreaterThan(clientCap);

    // A player elsewhere gets the badge key and then a badge mint sponsored, and both run.
    const ownerKey = generatePrivateKey();
    const owner = privateKeyToAccount(ownerKey);
    const account = await deployedAccount(owner);
    const user = await userOf(account);
    const key = privateKeyToAccount(generatePrivateKey());
    const home = '203.0.113.20';
    const send = async (signer: OjoSmartAccount, operation: UserOperation<'0.8'>) => {
      const response = await askPolicy(app, user, operation, home);
      expect(response.json()).toMatchObject({ success: true });
      const sponsored = { ...operation, paymasterData: response.json().obj.policy_data.paymasterData as Hex };
      const bundler = createOjoBundlerClient({
        bundlerUrl: chain.devnet.bundlerUrl,
        client: client(),
        account: signer,
      });
      const receipt = await bundler.waitForUserOperationReceipt({
        hash: await bundler.sendUserOperation({
          ...sponsored,
          signature: await signer.signUserOperation(sponsored),
        }),
      });
      expect(receipt.success).toBe(true);
    };
    await send(
      account,
      await prepareOperation(account, 0n, [
        addKeyCall(account.address, productKeyPolicy(contracts(), { key: key.address })),
      ]),
    );
    const asKey = await toOjoSmartAccount({
      client: client(),
      factoryAddress: contracts().SmartAccountFactory,
      owner: owner.address,
      sessionKey: key,
    });
    await send(asKey, await prepareMint(asKey));
  });

  it("caps one account at its share, and another account's operations still fit", async () => {
    const greedy = await player({ keyed: true });
    const other = await player({ keyed: true });
    const first = await prepareMint(greedy.account);
    const weight = maxCostOf(first);
    const budget = (await paymasterSpentOnChain()) + weight * 100n;
    // Room for one and a half operations per account.
    const shareBps = (weight * 15n * 10_000n) / (10n * budget) + 1n;
    const app = await node({
      GAS_DAILY_BUDGET_WEI: budget.toString(),
      GAS_MAX_ACCOUNT_SHARE_BPS: shareBps.toString(),
    });
    await recordSponsoredCosts(database().db, app.chain);

    expect((await askPolicy(app, greedy.user, first)).statusCode).toBe(200);
    const second = await askPolicy(app, greedy.user, await prepareMint(greedy.account, 1n));
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ success: false, code: 'GAS_ACCOUNT_BUDGET' });
    expect((await askPolicy(app, other.user, await prepareMint(other.account))).statusCode).toBe(200);
  });
});
