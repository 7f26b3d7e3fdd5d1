import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { getVerifyingPaymasterStubData, PAYMASTER_VERIFICATION_GAS_LIMIT } from '@ojo/contracts/paymaster';
import { type OjoSmartAccount, toOjoSmartAccount } from '@ojo/contracts/smart-account';
import { createOjoBundlerClient } from '@ojo/contracts/user-operation';
import { queryRows } from '@ojo/db/client';
import type { User } from '@ojo/db/schema/users';
import { sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, encodeFunctionData, getAbiItem, type Hex, toHex } from 'viem';
import { entryPoint08Abi, entryPoint08Address, type UserOperation } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { recordSponsoredCosts } from '../../../src/modules/gas/record-sponsored-costs';
import { buildTestApp, insertUser } from '../../helpers';
import { devnetEnv, saasHeaders, startTestDevnet } from '../../support/identity';

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
const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/** What the EntryPoint charged our paymaster so far, read from the chain by the test itself. */
async function paymasterSpentOnChain(): Promise<bigint> {
  const logs = await client().getLogs({
    address: entryPoint08Address,
    event: getAbiItem({ abi: entryPoint08Abi, name: 'UserOperationEvent' }),
    args: { paymaster: contracts().VerifyingPaymaster },
    fromBlock: 0n,
    toBlock: 'latest',
    strict: true,
  });
  return logs.reduce((sum, log) => sum + log.args.actualGasCost, 0n);
}

/** A deployed product account of a fresh owner. */
async function deployedAccount(): Promise<OjoSmartAccount> {
  const owner = privateKeyToAccount(generatePrivateKey());
  const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, devnetKeys.spare[1]);
  const hash = await wallet.writeContract({
    address: contracts().SmartAccountFactory,
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner.address, 0n],
    chain: null,
  });
  await client().waitForTransactionReceipt({ hash });
  return toOjoSmartAccount({ client: client(), factoryAddress: contracts().SmartAccountFactory, owner });
}

const addKeyCall = (account: Address) => ({
  to: account,
  data: encodeFunctionData({
    abi: smartAccountAbi,
    functionName: 'addSessionKey',
    args: [newAddress(), contracts().ProfileRegistry, '0x12345678', 10n ** 16n, 4_000_000_000],
  }),
});

/** The operation as a wallet prepares it (alto's estimates and price, the paymaster stub), on `nonceKey`. */
async function prepareOperation(account: OjoSmartAccount, nonceKey = 0n): Promise<UserOperation<'0.8'>> {
  const stub = async () => getVerifyingPaymasterStubData(contracts().VerifyingPaymaster);
  const bundler = createOjoBundlerClient({
    bundlerUrl: chain.devnet.bundlerUrl,
    client: client(),
    account,
    paymaster: { getPaymasterStubData: stub, getPaymasterData: stub },
  });
  const nonce = await account.getNonce({ key: nonceKey });
  return (await bundler.prepareUserOperation({
    calls: [addKeyCall(account.address)],
    nonce,
  })) as UserOperation<'0.8'>;
}

/** The most the paymaster could pay for `operation`: what a reservation holds. */
const maxCostOf = (operation: UserOperation<'0.8'>) =>
  (operation.callGasLimit +
    operation.verificationGasLimit +
    operation.preVerificationGas +
    PAYMASTER_VERIFICATION_GAS_LIMIT) *
  operation.maxFeePerGas;

const operationBody = (operation: UserOperation<'0.8'>) => ({
  sender: operation.sender,
  nonce: toHex(operation.nonce),
  factory: operation.factory ?? null,
  factoryData: operation.factoryData ?? null,
  callData: operation.callData,
  callGasLimit: toHex(operation.callGasLimit),
  verificationGasLimit: toHex(operation.verificationGasLimit),
  preVerificationGas: toHex(operation.preVerificationGas),
  maxFeePerGas: toHex(operation.maxFeePerGas),
  maxPriorityFeePerGas: toHex(operation.maxPriorityFeePerGas),
});

describeWithDatabases('the daily gas budget follows real spending (devnet)', ({ database }) => {
  const apps: TestApp[] = [];

  /** An API node on the shared test database; only on-demand scans (no timer), so each test decides when. */
  async function node(env: Record<string, string>) {
    const { app } = await buildTestApp(database(), {
      ...devnetEnv(chain.devnet, chain.dataDir),
      GAS_COSTS_SCAN_INTERVAL_MS: '0',
      ...env,
    });
    apps.push(app);
    return app;
  }

  const askPolicy = async (app: TestApp, user: User, operation: UserOperation<'0.8'>) =>
    app.inject({
      method: 'POST',
      url: '/contract/gas/policy',
      headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(user.id) },
      payload: operationBody(operation),
    });

  /** A deployed account with its user and one operation ready to ask for. */
  async function player() {
    const account = await deployedAccount();
    const user = await insertUser(database().db, { smartAccountAddress: account.address.toLowerCase() });
    return { account, user };
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
    const throwaways = [await player(), await player(), await player(), await player()];
    const newcomer = await player();
    const newcomerOperation = await prepareOperation(newcomer.account);
    // Room for 14 reservations: the four throwaways would take all of it with six each.
    const budget = (await paymasterSpentOnChain()) + maxCostOf(newcomerOperation) * 14n;
    const limited = await node({ GAS_DAILY_BUDGET_WEI: budget.toString() });
    await recordSponsoredCosts(database().db, limited.chain);

    for (const { account, user } of throwaways) {
      const statuses: number[] = [];
      const codes: string[] = [];
      for (let nonceKey = 0n; nonceKey < 6n; nonceKey += 1n) {
        const operation = await prepareOperation(account, nonceKey);
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
});
