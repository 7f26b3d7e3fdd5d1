import {
  profileRegistryAbi,
  smartAccountAbi,
  smartAccountFactoryAbi,
  smartAccountFactoryBytecode,
} from '@ojo/contracts/generated/abis';
import {
  createVerifyingPaymaster,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
  type SponsoredUserOperation,
} from '@ojo/contracts/paymaster';
import { type OjoSmartAccount, toOjoSmartAccount } from '@ojo/contracts/smart-account';
import {
  createOjoBundlerClient,
  getUserOperationGasPrice,
  sendUserOperationAndWait,
} from '@ojo/contracts/user-operation';
import type { User } from '@ojo/db/schema/users';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { SESSION_KEY_FEE_LIMIT_WEI } from '@ojo/domain/constants';
import {
  type Address,
  createClient,
  encodeFunctionData,
  type Hex,
  http,
  type LocalAccount,
  parseEther,
  parseEventLogs,
  toHex,
} from 'viem';
import {
  entryPoint08Abi,
  entryPoint08Address,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { devnetEnv, saasHeaders, startTestDevnet } from '../../support/identity';
import {
  addKeyCall,
  badgeMintCall,
  prepareOperation as prepareSharedOperation,
  productKeyPolicy,
  revokeKeyCall,
  testProfileId,
} from '../../support/sponsorship';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

let chain: Awaited<ReturnType<typeof startTestDevnet>>;
/** The bundler's standard price: what a wallet signs with. */
let networkPrice: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

beforeAll(async () => {
  chain = await startTestDevnet();
  networkPrice = await getUserOperationGasPrice(createClient({ transport: http(chain.devnet.bundlerUrl) }));
}, 240_000);
afterAll(async () => {
  await chain?.stop();
});

const client = () => createDevnetPublicClient(chain.devnet.rpcUrl);
const contracts = () => chain.devnet.deployments.contracts;
const newOwner = (): LocalAccount => privateKeyToAccount(generatePrivateKey());
const newAddress = (): Address => newOwner().address;

/** Deploys, from a funded devnet key, the account `factory` makes for `owner` (salt 0); its address. */
async function deployAccount(
  owner: Address = newAddress(),
  factory: Address = contracts().SmartAccountFactory,
) {
  const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, devnetKeys.spare[0]);
  const hash = await wallet.writeContract({
    address: factory,
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner, 0n],
    chain: null,
  });
  await client().waitForTransactionReceipt({ hash });
  return client().readContract({
    address: factory,
    abi: smartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, 0n],
  });
}

/** A second SmartAccountFactory: its accounts have the product's proxy code but another implementation. */
async function deployOtherFactory(): Promise<Address> {
  const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, devnetKeys.spare[0]);
  const hash = await wallet.deployContract({
    abi: smartAccountFactoryAbi,
    bytecode: smartAccountFactoryBytecode,
    args: [chain.devnet.deployments.entryPoint],
    chain: null,
  });
  const receipt = await client().waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('the second factory was not deployed');
  return receipt.contractAddress;
}

/** An account call the policy sponsors and that succeeds: the web's badge session key, a fresh one. */
const keyCall = (account: Address) => addKeyCall(account, productKeyPolicy(contracts()));
const executeCall = (call: { to: Address; data: Hex }): Hex =>
  encodeFunctionData({ abi: smartAccountAbi, functionName: 'execute', args: [call.to, 0n, call.data] });

/** JSON body of an unsigned user operation (quantities as hex). */
function operationBody(operation: Partial<SponsoredUserOperation> & { sender: Address; callData: Hex }) {
  return {
    sender: operation.sender,
    nonce: toHex(operation.nonce ?? 0n),
    factory: operation.factory ?? null,
    factoryData: operation.factoryData ?? null,
    callData: operation.callData,
    callGasLimit: toHex(operation.callGasLimit ?? 100_000n),
    verificationGasLimit: toHex(operation.verificationGasLimit ?? 300_000n),
    preVerificationGas: toHex(operation.preVerificationGas ?? 60_000n),
    maxFeePerGas: toHex(operation.maxFeePerGas ?? networkPrice.maxFeePerGas),
    maxPriorityFeePerGas: toHex(operation.maxPriorityFeePerGas ?? networkPrice.maxPriorityFeePerGas),
  };
}

/** The operation as a wallet prepares it: alto's estimates, the bundler's price, the paymaster stub. */
const prepareOperation = (account: OjoSmartAccount, calls: { to: Address; data: Hex }[], nonceKey = 0n) =>
  prepareSharedOperation(
    { rpcUrl: chain.devnet.rpcUrl, bundlerUrl: chain.devnet.bundlerUrl, contracts: contracts() },
    account,
    nonceKey,
    calls,
  );

const bundlerFor = (account: OjoSmartAccount) =>
  createOjoBundlerClient({ bundlerUrl: chain.devnet.bundlerUrl, client: client(), account });

const paymasterDeposit = () =>
  client().readContract({
    address: entryPoint08Address,
    abi: entryPoint08Abi,
    functionName: 'balanceOf',
    args: [contracts().VerifyingPaymaster],
  });

/** `value * (100 + percent) / 100`, as the API's margin reads. */
const plusPercent = (value: bigint, percent: bigint) => (value * (100n + percent)) / 100n;

describeWithDatabases('POST /contract/gas/policy (devnet)', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), devnetEnv(chain.devnet, chain.dataDir)));
  });
  afterAll(async () => {
    await app?.close();
  });

  const headersOf = async (user: User) => ({
    ...saasHeaders,
    jwt_token: await app.issueSessionToken(user.id),
  });
  const askPolicy = async (user: User, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/contract/gas/policy', headers: await headersOf(user), payload });

  /** A product account of a fresh owner, deployed or not, and its user. */
  async function player(options: { deployed: boolean }) {
    const owner = newOwner();
    if (options.deployed) await deployAccount(owner.address);
    const account = await toOjoSmartAccount({
      client: client(),
      factoryAddress: contracts().SmartAccountFactory,
      owner,
    });
    const user = await insertUser(database().db, {
      smartAccountAddress: account.address.toLowerCase(),
      profileId: testProfileId(),
    });
    return { account, user, owner };
  }

  /** Asks the API to sponsor `operation`; on success returns the operation with the signed paymasterData. */
  async function sponsor(user: User, operation: UserOperation<'0.8'>) {
    const response = await askPolicy(user, operationBody(operation));
    expect(response.json(), 'the API refused the sponsorship').toMatchObject({ success: true });
    return { ...operation, paymasterData: response.json().obj.policy_data.paymasterData as Hex };
  }

  /** Sends a sponsored operation through alto; the paymaster's spend and the bundle transaction's cost. */
  async function sendAndMeasure(account: OjoSmartAccount, operation: UserOperation<'0.8'>) {
    const signed = { ...operation, signature: await account.signUserOperation(operation) };
    const depositBefore = await paymasterDeposit();
    const bundler = bundlerFor(account);
    const receipt = await bundler.waitForUserOperationReceipt({
      hash: await bundler.sendUserOperation(signed),
    });
    expect(receipt.success).toBe(true);
    const transaction = await client().getTransactionReceipt({ hash: receipt.receipt.transactionHash });
    const events = parseEventLogs({
      abi: entryPoint08Abi,
      logs: transaction.logs,
      eventName: 'UserOperationEvent',
    });
    // One operation in the bundle: the transaction's cost is this operation's cost.
    expect(events).toHaveLength(1);
    const spent = depositBefore - (await paymasterDeposit());
    expect(spent).toBe(receipt.actualGasCost);
    return { spent, transactionCost: transaction.gasUsed * transaction.effectiveGasPrice };
  }

  it('pays at most 1.1x what an operation really cost, for what a wallet sends and for the most the API signs', async () => {
    const fresh = await player({ deployed: false });
    const deployed = await player({ deployed: true });
    const greedy = await player({ deployed: true });
    const cases = [
      { who: fresh, operation: await prepareOperation(fresh.account, [keyCall(fresh.account.address)]) },
      {
        who: deployed,
        operation: await prepareOperation(deployed.account, [keyCall(deployed.account.address)]),
      },
    ];
    // Every limit at the most the API allows over the bundler's estimate (10%).
    const estimated = await prepareOperation(greedy.account, [keyCall(greedy.account.address)]);
    cases.push({
      who: greedy,
      operation: {
        ...estimated,
        callGasLimit: plusPercent(estimated.callGasLimit, 10n),
        verificationGasLimit: plusPercent(estimated.verificationGasLimit, 10n),
        preVerificationGas: plusPercent(estimated.preVerificationGas, 10n),
      },
    });
    for (const { who, operation } of cases) {
      const { spent, transactionCost } = await sendAndMeasure(
        who.account,
        await sponsor(who.user, operation),
      );
      expect(spent, `paid ${spent} wei for a transaction that cost ${transactionCost}`).toBeLessThanOrEqual(
        (transactionCost * 110n) / 100n,
      );
    }
    // The accounts never held ETH.
    expect(await client().getBalance({ address: fresh.account.address })).toBe(0n);
  });

  it('lets the wallet flow run end to end with the API as paymaster service', async () => {
    const { account, user } = await player({ deployed: false });
    const headers = await headersOf(user);
    const bundler = createOjoBundlerClient({
      bundlerUrl: chain.devnet.bundlerUrl,
      client: client(),
      account,
      paymaster: createVerifyingPaymaster({
        paymasterAddress: contracts().VerifyingPaymaster,
        async getSponsorship({ chainId: _chainId, ...operation }) {
          const response = await app.inject({
            method: 'POST',
            url: '/contract/gas/policy',
            headers,
            payload: operationBody(operation),
          });
          expect(response.statusCode).toBe(200);
          expect(response.json().obj.policy_data).toMatchObject({
            paymaster: contracts().VerifyingPaymaster,
            paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS_LIMIT),
            paymasterPostOpGasLimit: '0x0',
          });
          return response.json().obj.policy_data.paymasterData;
        },
      }),
    });
    const receipt = await sendUserOperationAndWait(bundler, { calls: [keyCall(account.address)] });
    expect(receipt.success).toBe(true);
    expect(receipt.paymaster?.toLowerCase()).toBe(contracts().VerifyingPaymaster.toLowerCase());
  });

  it('refuses gas limits beyond the bundler estimate, fees beyond the network price and calls that would fail', async () => {
    const { account, user } = await player({ deployed: true });
    const operation = await prepareOperation(account, [keyCall(account.address)]);
    const ask = (changes: Partial<UserOperation<'0.8'>>) =>
      askPolicy(user, operationBody({ ...operation, ...changes }));

    for (const changes of [
      { callGasLimit: plusPercent(operation.callGasLimit, 20n) },
      { verificationGasLimit: plusPercent(operation.verificationGasLimit, 20n) },
      { preVerificationGas: plusPercent(operation.preVerificationGas, 20n) },
      // What the first review saw signed: every limit near its old cap.
      { callGasLimit: 1_000_000n, preVerificationGas: 500_000n },
    ]) {
      const response = await ask(changes);
      expect(
        response.statusCode,
        JSON.stringify(changes, (_, value) => String(value)),
      ).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'GAS_LIMIT_EXCEEDED' });
    }

    const tip = await ask({ maxPriorityFeePerGas: networkPrice.maxPriorityFeePerGas + 1n });
    expect(tip.statusCode).toBe(400);
    expect(tip.json()).toMatchObject({ code: 'GAS_FEE_TOO_HIGH' });
    expect(tip.json().message).toContain("network's");
    const fee = await ask({ maxFeePerGas: networkPrice.maxFeePerGas * 3n });
    expect(fee.json()).toMatchObject({ code: 'GAS_FEE_TOO_HIGH' });
    const inverted = await ask({ maxPriorityFeePerGas: operation.maxFeePerGas + 1n });
    expect(inverted.json().code).toBe('GAS_FEE_TOO_HIGH');

    // A key that expired before it was added reverts: the bundler cannot run it, so it is not sponsored.
    const expired = productKeyPolicy(contracts(), { validUntil: Math.floor(Date.now() / 1000) - 60 });
    const failing = await askPolicy(
      user,
      operationBody({ ...operation, callData: executeCall(addKeyCall(account.address, expired)) }),
    );
    expect(failing.statusCode).toBe(400);
    expect(failing.json().code).toBe('GAS_ESTIMATE_FAILED');

    // Exactly the estimate, and lower limits, are fine.
    expect((await ask({})).statusCode).toBe(200);
    expect((await ask({ callGasLimit: operation.callGasLimit - 1n })).statusCode).toBe(200);
  });

  it('leaves a player who submits their sponsored operation to the EntryPoint themselves with nothing gained', async () => {
    const { account, user } = await player({ deployed: true });
    const estimated = await prepareOperation(account, [keyCall(account.address)]);
    // The most the API signs: what a submitter paid per gas would be worth the most.
    const operation = await sponsor(user, {
      ...estimated,
      callGasLimit: plusPercent(estimated.callGasLimit, 10n),
      verificationGasLimit: plusPercent(estimated.verificationGasLimit, 10n),
      preVerificationGas: plusPercent(estimated.preVerificationGas, 10n),
    });
    const signed = { ...operation, signature: await account.signUserOperation(operation) };

    const playerKey = generatePrivateKey();
    const submitter = privateKeyToAccount(playerKey).address;
    await client().request({
      method: 'anvil_setBalance' as never,
      params: [submitter, toHex(parseEther('1'))] as never,
    });
    const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, playerKey);
    const balanceBefore = await client().getBalance({ address: submitter });
    const depositBefore = await paymasterDeposit();
    const hash = await wallet.writeContract({
      address: entryPoint08Address,
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation(signed)], submitter],
      gas: 2_000_000n,
      chain: null,
    });
    const receipt = await client().waitForTransactionReceipt({ hash });
    const gained = (await client().getBalance({ address: submitter })) - balanceBefore;
    expect(gained).toBeLessThanOrEqual(0n);
    expect(gained).toBe(-(receipt.gasUsed * receipt.effectiveGasPrice));
    expect(await paymasterDeposit()).toBe(depositBefore);
  });

  it('refuses a foreign sender, a disallowed call, a value transfer and a session without smart account', async () => {
    const sender = newAddress();
    const user = await insertUser(database().db, {
      smartAccountAddress: sender.toLowerCase(),
      profileId: testProfileId(),
    });
    const allowedCall = executeCall(keyCall(sender));

    const foreign = await askPolicy(user, operationBody({ sender: newAddress(), callData: allowedCall }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ success: false, code: 'GAS_SENDER_NOT_ALLOWED' });

    const otherTarget = executeCall({ to: newAddress(), data: '0xa9059cbb' });
    const disallowed = await askPolicy(user, operationBody({ sender, callData: otherTarget }));
    expect(disallowed.statusCode).toBe(403);
    expect(disallowed.json().code).toBe('GAS_CALL_NOT_ALLOWED');

    const withValue = encodeFunctionData({
      abi: smartAccountAbi,
      functionName: 'execute',
      args: [sender, 1n, keyCall(sender).data],
    });
    expect((await askPolicy(user, operationBody({ sender, callData: withValue }))).json().code).toBe(
      'GAS_CALL_NOT_ALLOWED',
    );
    expect((await askPolicy(user, operationBody({ sender, callData: '0xdeadbeef' }))).json().code).toBe(
      'GAS_CALL_NOT_ALLOWED',
    );
    const badFactory = await askPolicy(
      user,
      operationBody({ sender, callData: allowedCall, factory: newAddress(), factoryData: '0x1234' }),
    );
    expect(badFactory.json().code).toBe('GAS_FACTORY_NOT_ALLOWED');
    expect((await askPolicy(user, { sender, callData: 'zz' })).statusCode).toBe(400);

    const oldUser = await insertUser(database().db, { isOldType: true });
    expect((await askPolicy(oldUser, operationBody({ sender, callData: allowedCall }))).json().code).toBe(
      'GAS_NO_SMART_ACCOUNT',
    );
    const anonymous = await app.inject({
      method: 'POST',
      url: '/contract/gas/policy',
      headers: saasHeaders,
      payload: operationBody({ sender, callData: allowedCall }),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sponsors only deployed product accounts when no factory is given', async () => {
    const policyFor = async (sender: Address, callData: Hex = executeCall(keyCall(sender))) => {
      const user = await insertUser(database().db, {
        smartAccountAddress: sender.toLowerCase(),
        profileId: testProfileId(),
      });
      return askPolicy(user, operationBody({ sender, callData }));
    };
    const refused = (response: Awaited<ReturnType<typeof policyFor>>) => {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'GAS_SENDER_NOT_PRODUCT_ACCOUNT' });
    };

    // An EOA (it can sign in, so it can be a user's osp_aa).
    refused(await policyFor(newAddress()));
    // A contract that is not an account proxy: the SmartAccount implementation itself.
    const implementation = await client().readContract({
      address: contracts().SmartAccountFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'accountImplementation',
    });
    refused(await policyFor(implementation));
    // The very same proxy code, but pointing at another implementation (anybody can deploy a factory).
    refused(await policyFor(await deployAccount(newAddress(), await deployOtherFactory())));

    // A registry call is the API's own (registrar-only, after the reserved list): never sponsored for a player.
    const account = await deployAccount();
    const createOwnProfile = await policyFor(
      account,
      executeCall({
        to: contracts().ProfileRegistry,
        data: encodeFunctionData({
          abi: profileRegistryAbi,
          functionName: 'createProfileFor',
          args: [account, 'admin'],
        }),
      }),
    );
    expect(createOwnProfile.statusCode).toBe(403);
    expect(createOwnProfile.json().code).toBe('GAS_CALL_NOT_ALLOWED');
  });

  it('stops sponsoring past the daily limit, counting one operation once', async () => {
    const { app: limited } = await buildTestApp(database(), {
      ...devnetEnv(chain.devnet, chain.dataDir),
      GAS_DAILY_SPONSORED_OPS: '1',
    });
    try {
      const { account, user } = await player({ deployed: true });
      const headers = { ...saasHeaders, jwt_token: await limited.issueSessionToken(user.id) };
      // One key throughout: asking again for the same nonce re-signs the same operation.
      const call = keyCall(account.address);
      const ask = async (nonceKey: bigint) =>
        limited.inject({
          method: 'POST',
          url: '/contract/gas/policy',
          headers,
          payload: operationBody(await prepareOperation(account, [call], nonceKey)),
        });
      expect((await ask(0n)).statusCode).toBe(200);
      // The same (sender, nonce) again, re-estimated: still one operation.
      expect((await ask(0n)).statusCode).toBe(200);
      const over = await ask(1n);
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('GAS_DAILY_LIMIT');
    } finally {
      await limited.close();
    }
  });
  /** executeBatch of `calls`, as the account provider encodes several calls. */
  const batchCall = (calls: { to: Address; data: Hex }[]): Hex =>
    encodeFunctionData({
      abi: smartAccountAbi,
      functionName: 'executeBatch',
      args: [calls.map((call) => ({ target: call.to, value: 0n, data: call.data }))],
    });

  it("sponsors a session key only with the product's policy, one per operation, and bounded badge batches", async () => {
    const { account, user } = await player({ deployed: true });
    const key = (overrides: Parameters<typeof productKeyPolicy>[1] = {}) =>
      addKeyCall(account.address, productKeyPolicy(contracts(), overrides));
    const refusal = async (callData: Hex) => {
      const response = await askPolicy(user, operationBody({ sender: account.address, callData }));
      return [response.statusCode, response.json().code];
    };
    const now = Math.floor(Date.now() / 1000);

    // The first review's drain: 14 keys in one operation.
    expect(await refusal(batchCall(Array.from({ length: 14 }, () => key())))).toEqual([
      400,
      'GAS_TOO_MANY_CALLS',
    ]);
    expect(await refusal(batchCall([key(), key()]))).toEqual([400, 'GAS_TOO_MANY_CALLS']);
    for (const overrides of [
      { target: contracts().ProfileRegistry },
      { selector: '0x12345678' as Hex },
      { feeLimitWei: SESSION_KEY_FEE_LIMIT_WEI + 1n },
      { validUntil: now + 86_400 + 3_600 },
      { validUntil: 4_000_000_000 },
    ]) {
      expect(await refusal(executeCall(key(overrides))), Object.keys(overrides).join()).toEqual([
        403,
        'GAS_SESSION_KEY_POLICY',
      ]);
    }
    const mint = await badgeMintCall(contracts(), await client().getChainId(), account.address);
    expect(await refusal(batchCall(Array.from({ length: 17 }, () => mint)))).toEqual([
      400,
      'GAS_TOO_MANY_CALLS',
    ]);
    expect(await refusal(batchCall([key(), mint]))).toEqual([403, 'GAS_CALL_NOT_ALLOWED']);

    // What the web asks for (0.01 ETH, 24 h, with a little clock slack) is sponsored.
    const web = await prepareOperation(account, [key({ validUntil: now + 86_400 + 60 })]);
    expect((await askPolicy(user, operationBody(web))).statusCode).toBe(200);
  });

  it('keeps one session key per account: another is refused while one is pending or active; revoking it replaces it', async () => {
    const { account, user } = await player({ deployed: true });
    const statusOf = (key: Address) =>
      client().readContract({
        address: account.address,
        abi: smartAccountAbi,
        functionName: 'sessionKeyStatus',
        args: [key],
      });
    const first = productKeyPolicy(contracts());
    const second = productKeyPolicy(contracts());
    const signedFirst = await sponsor(
      user,
      await prepareOperation(account, [addKeyCall(account.address, first)]),
    );
    const askSecond = async (calls: { to: Address; data: Hex }[]) =>
      askPolicy(user, operationBody(await prepareOperation(account, calls, 1n)));

    // Signed, not yet sent: its key may still arrive.
    const whilePending = await askSecond([addKeyCall(account.address, second)]);
    expect(whilePending.statusCode).toBe(409);
    expect(whilePending.json().code).toBe('GAS_SESSION_KEY_ACTIVE');
    // Nor as another version of the same nonce: both signatures could run, one of them adding the first key.
    const sameNonce = await askPolicy(
      user,
      operationBody(await prepareOperation(account, [addKeyCall(account.address, second)])),
    );
    expect(sameNonce.statusCode).toBe(409);
    expect(sameNonce.json().code).toBe('GAS_SESSION_KEY_ACTIVE');

    await sendAndMeasure(account, signedFirst);
    expect(await statusOf(first.key)).toBe(1);
    const whileActive = await askSecond([addKeyCall(account.address, second)]);
    expect(whileActive.statusCode).toBe(409);
    expect(whileActive.json().code).toBe('GAS_SESSION_KEY_ACTIVE');

    // Only a key the account has may be revoked.
    // (The bundler cannot estimate it: the API refuses it before asking.)
    const unknown = await askPolicy(
      user,
      operationBody({
        sender: account.address,
        callData: batchCall([
          revokeKeyCall(account.address, newAddress()),
          addKeyCall(account.address, second),
        ]),
      }),
    );
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().code).toBe('GAS_SESSION_KEY_NOT_ACTIVE');

    const replace = await prepareOperation(account, [
      revokeKeyCall(account.address, first.key),
      addKeyCall(account.address, second),
    ]);
    await sendAndMeasure(account, await sponsor(user, replace));
    expect(await statusOf(first.key)).toBe(2);
    expect(await statusOf(second.key)).toBe(1);
  });

  it('sponsors nothing for a player without a profile', async () => {
    const owner = newOwner();
    await deployAccount(owner.address);
    const account = await toOjoSmartAccount({
      client: client(),
      factoryAddress: contracts().SmartAccountFactory,
      owner,
    });
    const withoutProfile = await insertUser(database().db, {
      smartAccountAddress: account.address.toLowerCase(),
    });
    const operation = await prepareOperation(account, [keyCall(account.address)]);
    const response = await askPolicy(withoutProfile, operationBody(operation));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'GAS_PROFILE_REQUIRED' });
  });
});
