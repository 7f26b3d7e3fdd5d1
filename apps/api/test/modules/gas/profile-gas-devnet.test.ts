import {
  profileRegistryAbi,
  smartAccountAbi,
  smartAccountFactoryAbi,
  smartAccountFactoryBytecode,
} from '@ojo/contracts/generated/abis';
import { createVerifyingPaymaster, type SponsoredUserOperation } from '@ojo/contracts/paymaster';
import { toOjoSmartAccount } from '@ojo/contracts/smart-account';
import {
  createOjoBundlerClient,
  getUserOperationGasPrice,
  sendUserOperationAndWait,
} from '@ojo/contracts/user-operation';
import { queryRows } from '@ojo/db/client';
import type { Customer } from '@ojo/db/schema/customers';
import { sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, createClient, encodeFunctionData, type Hex, http, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertCustomer } from '../../helpers';
import { devnetEnv, saasHeaders, startTestDevnet } from '../../support/identity';

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

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/** Deploys, from a funded devnet key, the account `factory` makes for a fresh owner (salt 0); its address. */
async function deployAccount(factory: Address = chain.devnet.deployments.contracts.SmartAccountFactory) {
  const client = createDevnetPublicClient(chain.devnet.rpcUrl);
  const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, devnetKeys.spare[0]);
  const owner = newAddress();
  const hash = await wallet.writeContract({
    address: factory,
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner, 0n],
    chain: null,
  });
  await client.waitForTransactionReceipt({ hash });
  return client.readContract({
    address: factory,
    abi: smartAccountFactoryAbi,
    functionName: 'getAddress',
    args: [owner, 0n],
  });
}

/** A second SmartAccountFactory: its accounts have the product's proxy code but another implementation. */
async function deployOtherFactory(): Promise<Address> {
  const client = createDevnetPublicClient(chain.devnet.rpcUrl);
  const wallet = createDevnetWalletClient(chain.devnet.rpcUrl, devnetKeys.spare[0]);
  const hash = await wallet.deployContract({
    abi: smartAccountFactoryAbi,
    bytecode: smartAccountFactoryBytecode,
    args: [chain.devnet.deployments.entryPoint],
    chain: null,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('the second factory was not deployed');
  return receipt.contractAddress;
}

/** execute(self, 0, revokeSessionKey(random)): an operation the policy allows for `sender`. */
const revokeCall = (sender: Address): Hex =>
  encodeFunctionData({
    abi: smartAccountAbi,
    functionName: 'execute',
    args: [
      sender,
      0n,
      encodeFunctionData({ abi: smartAccountAbi, functionName: 'revokeSessionKey', args: [newAddress()] }),
    ],
  });

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

describeWithDatabases('sponsored gas (devnet)', ({ database }) => {
  let app: TestApp;
  const registry = () => chain.devnet.deployments.contracts.ProfileRegistry;
  const client = () => createDevnetPublicClient(chain.devnet.rpcUrl);

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), devnetEnv(chain.devnet, chain.dataDir)));
  });
  afterAll(async () => {
    await app?.close();
  });

  const asCustomer = async (customer: Customer) => ({
    ...saasHeaders,
    jwt_token: await app.issueSessionToken(customer.id),
  });
  describe('POST /contract/gas/policy', () => {
    it('sponsors an allowed operation, which then runs through the bundler with no ETH in the account', async () => {
      const account = await toOjoSmartAccount({
        client: client(),
        factoryAddress: chain.devnet.deployments.contracts.SmartAccountFactory,
        owner: privateKeyToAccount(generatePrivateKey()),
      });
      const customer = await insertCustomer(database().db, { ospAaAddress: account.address.toLowerCase() });
      const headers = await asCustomer(customer);
      const bundler = createOjoBundlerClient({
        bundlerUrl: chain.devnet.bundlerUrl,
        client: client(),
        account,
        paymaster: createVerifyingPaymaster({
          paymasterAddress: chain.devnet.deployments.contracts.VerifyingPaymaster,
          async getSponsorship({ chainId: _chainId, ...operation }) {
            const response = await app.inject({
              method: 'POST',
              url: '/contract/gas/policy',
              headers,
              payload: operationBody(operation),
            });
            expect(response.statusCode).toBe(200);
            const { policy_data } = response.json().obj;
            expect(policy_data).toMatchObject({
              paymaster: chain.devnet.deployments.contracts.VerifyingPaymaster,
              paymasterVerificationGasLimit: '0xea60',
              paymasterPostOpGasLimit: '0x0',
            });
            return policy_data.paymasterData;
          },
        }),
      });
      expect(await client().getBalance({ address: account.address })).toBe(0n);
      const sessionKey = newAddress();
      const receipt = await sendUserOperationAndWait(bundler, {
        calls: [
          {
            to: account.address,
            data: encodeFunctionData({
              abi: smartAccountAbi,
              functionName: 'addSessionKey',
              args: [sessionKey, registry(), '0x12345678', 10n ** 16n, Math.floor(Date.now() / 1000) + 3600],
            }),
          },
        ],
      });
      expect(receipt.success).toBe(true);
      const status = await client().readContract({
        address: account.address,
        abi: smartAccountAbi,
        functionName: 'sessionKeyStatus',
        args: [sessionKey],
      });
      expect(status).toBe(1); // Active
    });

    it('refuses a foreign sender, a disallowed call, a value transfer and a session without smart account', async () => {
      const sender = newAddress();
      const customer = await insertCustomer(database().db, { ospAaAddress: sender.toLowerCase() });
      const headers = await asCustomer(customer);
      const policy = (payload: Record<string, unknown>, requestHeaders: Record<string, string> = headers) =>
        app.inject({ method: 'POST', url: '/contract/gas/policy', headers: requestHeaders, payload });
      const allowedCall = revokeCall(sender);

      const foreign = await policy(operationBody({ sender: newAddress(), callData: allowedCall }));
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ success: false, code: 'GAS_SENDER_NOT_ALLOWED' });

      const otherTarget = encodeFunctionData({
        abi: smartAccountAbi,
        functionName: 'execute',
        args: [newAddress(), 0n, '0xa9059cbb'],
      });
      const disallowed = await policy(operationBody({ sender, callData: otherTarget }));
      expect(disallowed.statusCode).toBe(403);
      expect(disallowed.json().code).toBe('GAS_CALL_NOT_ALLOWED');

      const withValue = encodeFunctionData({
        abi: smartAccountAbi,
        functionName: 'execute',
        args: [
          sender,
          1n,
          encodeFunctionData({
            abi: smartAccountAbi,
            functionName: 'revokeSessionKey',
            args: [newAddress()],
          }),
        ],
      });
      expect((await policy(operationBody({ sender, callData: withValue }))).json().code).toBe(
        'GAS_CALL_NOT_ALLOWED',
      );

      const notExecute = await policy(operationBody({ sender, callData: '0xdeadbeef' }));
      expect(notExecute.json().code).toBe('GAS_CALL_NOT_ALLOWED');

      const badFactory = await policy(
        operationBody({ sender, callData: allowedCall, factory: newAddress(), factoryData: '0x1234' }),
      );
      expect(badFactory.json().code).toBe('GAS_FACTORY_NOT_ALLOWED');

      const malformed = await policy({ sender, callData: 'zz' });
      expect(malformed.statusCode).toBe(400);

      const oldUser = await insertCustomer(database().db, { isOldType: true });
      const noAccount = await policy(
        operationBody({ sender, callData: allowedCall }),
        await asCustomer(oldUser),
      );
      expect(noAccount.json().code).toBe('GAS_NO_SMART_ACCOUNT');
      expect((await policy(operationBody({ sender, callData: allowedCall }), saasHeaders)).statusCode).toBe(
        401,
      );
    });

    it('sponsors only deployed product accounts when no factory is given', async () => {
      const policyFor = async (sender: Address) => {
        const customer = await insertCustomer(database().db, { ospAaAddress: sender.toLowerCase() });
        return app.inject({
          method: 'POST',
          url: '/contract/gas/policy',
          headers: await asCustomer(customer),
          payload: operationBody({ sender, callData: revokeCall(sender) }),
        });
      };
      const refused = (response: Awaited<ReturnType<typeof policyFor>>) => {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ success: false, code: 'GAS_SENDER_NOT_PRODUCT_ACCOUNT' });
      };

      // An EOA (it can sign in, so it can be a customer's osp_aa).
      refused(await policyFor(newAddress()));
      // A contract that is not an account proxy: the SmartAccount implementation itself.
      const implementation = await client().readContract({
        address: chain.devnet.deployments.contracts.SmartAccountFactory,
        abi: smartAccountFactoryAbi,
        functionName: 'accountImplementation',
      });
      refused(await policyFor(implementation));
      // The very same proxy code, but pointing at another implementation (anybody can deploy a factory).
      refused(await policyFor(await deployAccount(await deployOtherFactory())));

      // A registry call would skip the reserved list: the API creates profiles itself, never sponsored.
      const account = await deployAccount();
      const customer = await insertCustomer(database().db, { ospAaAddress: account.toLowerCase() });
      const createOwnProfile = await app.inject({
        method: 'POST',
        url: '/contract/gas/policy',
        headers: await asCustomer(customer),
        payload: operationBody({
          sender: account,
          callData: encodeFunctionData({
            abi: smartAccountAbi,
            functionName: 'execute',
            args: [
              registry(),
              0n,
              encodeFunctionData({
                abi: profileRegistryAbi,
                functionName: 'createProfileFor',
                args: [account, 'admin'],
              }),
            ],
          }),
        }),
      });
      expect(createOwnProfile.statusCode).toBe(403);
      expect(createOwnProfile.json().code).toBe('GAS_CALL_NOT_ALLOWED');

      const product = await policyFor(await deployAccount());
      expect(product.statusCode).toBe(200);
      expect(product.json().obj.policy_data.paymaster).toBe(
        chain.devnet.deployments.contracts.VerifyingPaymaster,
      );
    });

    it('refuses fees far above the network price and gas limits above their caps', async () => {
      const sender = await deployAccount();
      const customer = await insertCustomer(database().db, { ospAaAddress: sender.toLowerCase() });
      const headers = await asCustomer(customer);
      const callData = revokeCall(sender);
      const policy = (operation: Partial<SponsoredUserOperation>) =>
        app.inject({
          method: 'POST',
          url: '/contract/gas/policy',
          headers,
          payload: operationBody({ sender, callData, ...operation }),
        });

      // A submitter who is also the signer would pocket (their gas price - the real one) from the deposit.
      const greedy = await policy({
        maxFeePerGas: networkPrice.maxFeePerGas * 20n,
        maxPriorityFeePerGas: networkPrice.maxFeePerGas * 20n,
        callGasLimit: 50_000n,
        verificationGasLimit: 100_000n,
        preVerificationGas: 50_000n,
      });
      expect(greedy.statusCode).toBe(400);
      expect(greedy.json()).toMatchObject({ success: false, code: 'GAS_FEE_TOO_HIGH' });
      expect(greedy.json().message).toContain('2x the network gas price');

      const tip = await policy({ maxPriorityFeePerGas: networkPrice.maxFeePerGas + 1n });
      expect(tip.statusCode).toBe(400);
      expect(tip.json().code).toBe('GAS_FEE_TOO_HIGH');

      for (const limit of [
        { callGasLimit: 1_000_001n },
        { verificationGasLimit: 1_000_001n },
        { preVerificationGas: 500_001n },
      ]) {
        const response = await policy(limit);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('GAS_LIMIT_EXCEEDED');
      }

      const fair = await policy({});
      expect(fair.statusCode).toBe(200);
    });

    it('stops sponsoring for everybody once the global daily budget is used up', async () => {
      const callGasLimit = 100_000n;
      const verificationGasLimit = 300_000n;
      const preVerificationGas = 60_000n;
      const oneOperation =
        (callGasLimit + verificationGasLimit + preVerificationGas + 60_000n) * networkPrice.maxFeePerGas;
      const [spent] = await queryRows<{ total: string }>(
        database().db,
        sql`select coalesce(sum(max_cost_wei), 0)::text as total from sponsored_operations`,
      );
      // Room for one more operation (of anyone) today, not two.
      const budget = BigInt(spent?.total ?? '0') + oneOperation + oneOperation / 2n;
      const { app: limited } = await buildTestApp(database(), {
        ...devnetEnv(chain.devnet, chain.dataDir),
        GAS_DAILY_BUDGET_WEI: budget.toString(),
      });
      try {
        const ask = async (nonce: bigint) => {
          const sender = await deployAccount();
          const customer = await insertCustomer(database().db, { ospAaAddress: sender.toLowerCase() });
          const headers = { ...saasHeaders, jwt_token: await limited.issueSessionToken(customer.id) };
          const payload = operationBody({
            sender,
            callData: revokeCall(sender),
            nonce,
            callGasLimit,
            verificationGasLimit,
            preVerificationGas,
          });
          return () => limited.inject({ method: 'POST', url: '/contract/gas/policy', headers, payload });
        };
        const first = await ask(0n);
        expect((await first()).statusCode).toBe(200);
        // The same operation again is not counted twice.
        expect((await first()).statusCode).toBe(200);
        // Another customer's operation no longer fits.
        const over = await (await ask(0n))();
        expect(over.statusCode).toBe(429);
        expect(over.json()).toMatchObject({ success: false, code: 'GAS_DAILY_BUDGET' });
      } finally {
        await limited.close();
      }
    });

    it('stops sponsoring past the daily limit, counting one operation once', async () => {
      const { app: limited } = await buildTestApp(database(), {
        ...devnetEnv(chain.devnet, chain.dataDir),
        GAS_DAILY_SPONSORED_OPS: '1',
      });
      try {
        const sender = await deployAccount();
        const customer = await insertCustomer(database().db, { ospAaAddress: sender.toLowerCase() });
        const headers = { ...saasHeaders, jwt_token: await limited.issueSessionToken(customer.id) };
        const callData = revokeCall(sender);
        const ask = (nonce: bigint) =>
          limited.inject({
            method: 'POST',
            url: '/contract/gas/policy',
            headers,
            payload: operationBody({ sender, callData, nonce }),
          });
        expect((await ask(0n)).statusCode).toBe(200);
        expect((await ask(0n)).statusCode).toBe(200);
        const over = await ask(1n);
        expect(over.statusCode).toBe(429);
        expect(over.json().code).toBe('GAS_DAILY_LIMIT');
      } finally {
        await limited.close();
      }
    });
  });
});
