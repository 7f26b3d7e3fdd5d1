import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { type Devnet, startDevnet } from '@ojo/devnet/devnet';
import { devnetAddresses, devnetKeys } from '@ojo/devnet/keys';
import { findFreePort } from '@ojo/devnet/ports';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
  hashMessage,
  type LocalAccount,
  type PublicClient,
  parseEther,
  toFunctionSelector,
} from 'viem';
import {
  entryPoint08Abi,
  entryPoint08Address,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  profileRegistryAbi,
  smartAccountAbi,
  smartAccountFactoryAbi,
  verifyingPaymasterAbi,
} from '../generated/abis';
import {
  createLocalSponsorship,
  createVerifyingPaymaster,
  type GetSponsorship,
  getVerifyingPaymasterHash,
} from '../src/paymaster';
import { addSessionKeyCall, revokeSessionKeyCall, type SessionKeyPolicy } from '../src/session-key';
import { type OjoSmartAccount, toOjoSmartAccount } from '../src/smart-account';
import { createOjoBundlerClient, sendUserOperationAndWait } from '../src/user-operation';

const SESSION_STATUS = { NotInitialized: 0, Active: 1, Closed: 2, Expired: 3 } as const;
const CREATE_PROFILE = toFunctionSelector('createProfileFor(address,string)');
const IS_VALID_HANDLE = toFunctionSelector('isValidHandle(string)');
/** How alto reports a failed account validation (ERC-7769 code -32507), as the EntryPoint's AA24. */
const ACCOUNT_SIGNATURE_REFUSED = /AA24 signature error|Invalid UserOp(eration)? signature/;
const PAYMASTER_SIGNATURE_REFUSED = /AA34 signature error|Invalid UserOp paymasterData/;
/** Explicit gas limits for operations that must be signed without a bundler estimate (refusal checks). */
const FIXED_GAS = { callGasLimit: 300_000n, verificationGasLimit: 300_000n, preVerificationGas: 100_000n };

let handleCounter = 0;
const uniqueHandle = (prefix: string) => `${prefix}_${Date.now() % 1_000_000}${handleCounter++}`.slice(0, 15);

describe('SmartAccount, factory and VerifyingPaymaster through alto', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ojo-aa-'));
  let devnet: Devnet;
  let publicClient: PublicClient;
  let registry: Address;
  let factory: Address;
  let paymaster: Address;
  let apiSponsorship: GetSponsorship;

  const newOwner = () => privateKeyToAccount(generatePrivateKey());
  const accountOf = (owner: LocalAccount, sessionKey?: LocalAccount) =>
    toOjoSmartAccount({ client: publicClient, factoryAddress: factory, owner, sessionKey });
  const bundlerFor = (account: OjoSmartAccount, getSponsorship: GetSponsorship = apiSponsorship) =>
    createOjoBundlerClient({
      bundlerUrl: devnet.bundlerUrl,
      client: publicClient,
      account,
      paymaster: createVerifyingPaymaster({ paymasterAddress: paymaster, getSponsorship }),
    });
  /** A call of the profile registry, as an account sends it in a user operation. */
  const registryCall = (
    functionName: 'createProfileFor' | 'setRegistrar' | 'isValidHandle',
    args: unknown[],
  ) => ({
    to: registry,
    data: encodeFunctionData({ abi: profileRegistryAbi, functionName, args } as never) as Hex,
  });
  /** A state-changing call an account can make: registering its own profile (once made a registrar). */
  const createProfileCall = (account: Address, handle: string) =>
    registryCall('createProfileFor', [account, handle]);
  /** Only registrars register profiles: the registry's owner lets `account` be one for these tests. */
  const allowRegistrar = async (account: Address) => {
    const owner = createDevnetWalletClient(devnet.rpcUrl, devnetKeys.deployer);
    const hash = await owner.writeContract({
      address: registry,
      abi: profileRegistryAbi,
      functionName: 'setRegistrar',
      args: [account, true],
      chain: null,
    });
    await publicClient.waitForTransactionReceipt({ hash });
  };
  /** A call only the registry's owner may make: refused to any session key, allowed to no other selector. */
  const setRegistrarCall = (account: Address) => registryCall('setRegistrar', [account, true]);
  /** The handle of the profile `account` owns, read from the registry. */
  const handleOfOwner = async (account: Address) => {
    const profileId = await publicClient.readContract({
      address: registry,
      abi: profileRegistryAbi,
      functionName: 'profileOf',
      args: [account],
    });
    return publicClient.readContract({
      address: registry,
      abi: profileRegistryAbi,
      functionName: 'handleOf',
      args: [profileId],
    });
  };
  /** The error a refused call or simulation ended with (undefined when it went through). */
  const refusalOf = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
  /** The contract revert inside `error`, decoded. */
  const revertOf = (error: unknown) =>
    (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError) as
      | ContractFunctionRevertedError
      | undefined;
  const isValidHandleCall = () => registryCall('isValidHandle', ['probe']);
  const sessionStatus = (account: Address, key: Address) =>
    publicClient.readContract({
      address: account,
      abi: smartAccountAbi,
      functionName: 'sessionKeyStatus',
      args: [key],
    });
  const paymasterDeposit = () =>
    publicClient.readContract({
      address: entryPoint08Address,
      abi: entryPoint08Abi,
      functionName: 'balanceOf',
      args: [paymaster],
    });

  /** A fully signed operation with fixed gas limits (no estimation), sponsored by `getSponsorship`. */
  async function signOperation(
    account: OjoSmartAccount,
    calls: { to: Address; data: Hex }[],
    getSponsorship: GetSponsorship = apiSponsorship,
  ): Promise<UserOperation<'0.8'>> {
    const bundler = bundlerFor(account, getSponsorship);
    const prepared = await bundler.prepareUserOperation({ calls, ...FIXED_GAS });
    const signature = await account.signUserOperation(prepared);
    return { ...prepared, signature } as UserOperation<'0.8'>;
  }

  /** Asserts the bundler refuses `operation` with a message matching `bundlerReason`. */
  async function expectBundlerRefusal(
    account: OjoSmartAccount,
    operation: UserOperation<'0.8'>,
    bundlerReason: RegExp,
  ) {
    const error = await refusalOf(bundlerFor(account).sendUserOperation({ ...operation }));
    expect(error, 'the bundler accepted the operation').toBeInstanceOf(BaseError);
    expect(String((error as BaseError).details ?? (error as Error).message)).toMatch(bundlerReason);
  }

  /**
   * Asserts the EntryPoint itself (called directly from the allowed bundler's key, not through alto) rejects
   * `operation` with `FailedOp(reason)`.
   */
  async function expectEntryPointRefusal(operation: UserOperation<'0.8'>, reasonPrefix: string) {
    const error = await refusalOf(
      publicClient.simulateContract({
        account: devnetAddresses.bundlerExecutor,
        address: entryPoint08Address,
        abi: entryPoint08Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(operation)], devnetAddresses.deployer],
      }),
    );
    expect(error, 'the EntryPoint accepted the operation').toBeInstanceOf(BaseError);
    const reverted = revertOf(error);
    expect(reverted).toBeInstanceOf(ContractFunctionRevertedError);
    expect(reverted?.data?.errorName).toBe('FailedOp');
    expect(String(reverted?.data?.args?.[1])).toMatch(new RegExp(`^${reasonPrefix}`));
  }

  beforeAll(async () => {
    devnet = await startDevnet({
      dataDir,
      chainPort: await findFreePort(),
      bundlerPort: await findFreePort(),
      stopOnSignals: false,
    });
    publicClient = createDevnetPublicClient(devnet.rpcUrl);
    registry = devnet.deployments.contracts.ProfileRegistry;
    factory = devnet.deployments.contracts.SmartAccountFactory;
    paymaster = devnet.deployments.contracts.VerifyingPaymaster;
    apiSponsorship = createLocalSponsorship({
      signer: privateKeyToAccount(devnetKeys.apiSigner),
      paymasterAddress: paymaster,
    });
  });

  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('account creation and sponsorship', () => {
    it('deploys the account at its counterfactual address with its first user operation, gas paid by the paymaster', async () => {
      const owner = newOwner();
      const account = await accountOf(owner);
      const predicted = await publicClient.readContract({
        address: factory,
        abi: smartAccountFactoryAbi,
        functionName: 'getAddress',
        args: [owner.address, 0n],
      });
      expect(account.address).toBe(predicted);
      expect(await publicClient.getCode({ address: account.address })).toBeUndefined();
      const depositBefore = await paymasterDeposit();

      const handle = uniqueHandle('acct');
      await allowRegistrar(account.address);
      const receipt = await sendUserOperationAndWait(bundlerFor(account), {
        calls: [createProfileCall(account.address, handle)],
      });

      expect(receipt.success).toBe(true);
      expect(receipt.paymaster?.toLowerCase()).toBe(paymaster.toLowerCase());
      expect(await publicClient.getCode({ address: account.address })).toMatch(/^0x.+/);
      expect(
        await publicClient.readContract({
          address: account.address,
          abi: smartAccountAbi,
          functionName: 'owner',
        }),
      ).toBe(owner.address);
      expect(await handleOfOwner(account.address)).toBe(handle);
      // The account never held ETH: the paymaster's deposit paid for the operation.
      expect(await publicClient.getBalance({ address: account.address })).toBe(0n);
      expect(await paymasterDeposit()).toBe(depositBefore - receipt.actualGasCost);
    });

    it('computes the paymaster hash off chain exactly as VerifyingPaymaster.getHash does', async () => {
      const account = await accountOf(newOwner());
      const operation = await signOperation(account, [isValidHandleCall()]);
      const validity = { validUntil: 2_000_000_000, validAfter: 1_700_000_000 };
      const onChain = await publicClient.readContract({
        address: paymaster,
        abi: verifyingPaymasterAbi,
        functionName: 'getHash',
        args: [toPackedUserOperation(operation), validity.validUntil, validity.validAfter],
      });
      const chainId = await publicClient.getChainId();
      expect(
        getVerifyingPaymasterHash({
          userOperation: operation,
          paymasterAddress: paymaster,
          chainId,
          ...validity,
        }),
      ).toBe(onChain);
    });

    it('refuses paymaster data the paymaster signer did not sign', async () => {
      const owner = newOwner();
      const account = await accountOf(owner);
      const forged = createLocalSponsorship({ signer: newOwner(), paymasterAddress: paymaster });
      const operation = await signOperation(
        account,
        [createProfileCall(account.address, uniqueHandle('forged'))],
        forged,
      );
      await expectBundlerRefusal(account, operation, PAYMASTER_SIGNATURE_REFUSED);
      await expectEntryPointRefusal(operation, 'AA34');

      // Correctly signed sponsorship, then the validity window changed afterwards: refused as well.
      const signed = await signOperation(account, [
        createProfileCall(account.address, uniqueHandle('tamper')),
      ]);
      const data = signed.paymasterData as Hex;
      const tampered = { ...signed, paymasterData: `0x${'ffffffffffff'}${data.slice(14)}` as Hex };
      tampered.signature = await account.signUserOperation(tampered);
      await expectEntryPointRefusal(tampered, 'AA34');
    });
  });

  describe('bundler allowlist', () => {
    it('refuses a sponsored operation that a player submits to the EntryPoint directly, at their own loss', async () => {
      const owner = newOwner();
      const account = await accountOf(owner);
      await sendUserOperationAndWait(bundlerFor(account), { calls: [isValidHandleCall()] });
      const prepared = await bundlerFor(account).prepareUserOperation({ calls: [isValidHandleCall()] });
      const operation = {
        ...prepared,
        signature: await account.signUserOperation(prepared),
      } as UserOperation<'0.8'>;

      // The player's own key, funded, sends handleOps with itself as beneficiary.
      const playerKey = generatePrivateKey();
      const player = privateKeyToAccount(playerKey);
      await publicClient.request({
        method: 'anvil_setBalance' as never,
        params: [player.address, `0x${parseEther('1').toString(16)}`] as never,
      });
      const wallet = createDevnetWalletClient(devnet.rpcUrl, playerKey);
      const balanceBefore = await publicClient.getBalance({ address: player.address });
      const depositBefore = await paymasterDeposit();
      const hash = await wallet.writeContract({
        address: entryPoint08Address,
        abi: entryPoint08Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(operation)], player.address],
        gas: 1_000_000n,
        chain: null,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('reverted');
      expect(await paymasterDeposit()).toBe(depositBefore);
      const balanceAfter = await publicClient.getBalance({ address: player.address });
      expect(balanceAfter - balanceBefore).toBe(-(receipt.gasUsed * receipt.effectiveGasPrice));

      // The simulation says why: the paymaster refuses this sender of the bundle.
      const reverted = revertOf(
        await refusalOf(
          publicClient.simulateContract({
            account: player.address,
            address: entryPoint08Address,
            abi: entryPoint08Abi,
            functionName: 'handleOps',
            args: [[toPackedUserOperation(operation)], player.address],
          }),
        ),
      );
      const data = reverted?.data;
      expect(data?.errorName).toBe('FailedOpWithRevert');
      expect(String(data?.args?.[1])).toMatch(/^AA33/);
      const inner = decodeErrorResult({ abi: verifyingPaymasterAbi, data: data?.args?.[2] as Hex });
      expect(inner).toMatchObject({ errorName: 'BundlerNotAllowed', args: [player.address] });

      // The bundler still carries it.
      const sent = await bundlerFor(account).sendUserOperation({ ...operation });
      expect((await bundlerFor(account).waitForUserOperationReceipt({ hash: sent })).success).toBe(true);
    });

    it('lets only the owner change the allowlist', async () => {
      const stranger = newOwner();
      for (const [functionName, args] of [
        ['setBundlerAllowed', [stranger.address, true]],
        ['setOpenToAnyBundler', [true]],
      ] as const) {
        const error = await refusalOf(
          publicClient.simulateContract({
            account: stranger.address,
            address: paymaster,
            abi: verifyingPaymasterAbi,
            functionName,
            args,
          } as never),
        );
        expect(error).toBeInstanceOf(BaseError);
      }
      expect(
        await publicClient.readContract({
          address: paymaster,
          abi: verifyingPaymasterAbi,
          functionName: 'isBundlerAllowed',
          args: [devnetAddresses.bundlerExecutor],
        }),
      ).toBe(true);
      expect(
        await publicClient.readContract({
          address: paymaster,
          abi: verifyingPaymasterAbi,
          functionName: 'isOpenToAnyBundler',
        }),
      ).toBe(false);
    });
  });

  describe('EIP-1271', () => {
    it('accepts a message signed by the owner of a deployed account, and nobody else', async () => {
      const owner = newOwner();
      const account = await accountOf(owner);
      await sendUserOperationAndWait(bundlerFor(account), { calls: [isValidHandleCall()] });
      const message = 'localhost:3000 wants you to sign in with your Ethereum account';

      const signature = await account.signMessage({ message });
      expect(await publicClient.verifyMessage({ address: account.address, message, signature })).toBe(true);
      const isValid = (sig: Hex) =>
        publicClient.readContract({
          address: account.address,
          abi: smartAccountAbi,
          functionName: 'isValidSignature',
          args: [hashMessage(message), sig],
        });
      expect(await isValid(signature)).toBe('0x1626ba7e');

      const stranger = await newOwner().signMessage({ message });
      expect(await isValid(stranger)).toBe('0xffffffff');
      expect(
        await publicClient.verifyMessage({ address: account.address, message, signature: stranger }),
      ).toBe(false);
    });

    it('binds a signature to its account: another account of the same owner refuses it (ERC-7739)', async () => {
      const owner = newOwner();
      const first = await toOjoSmartAccount({
        client: publicClient,
        factoryAddress: factory,
        owner,
        salt: 0n,
      });
      const second = await toOjoSmartAccount({
        client: publicClient,
        factoryAddress: factory,
        owner,
        salt: 1n,
      });
      expect(first.address).not.toBe(second.address);
      for (const account of [first, second]) {
        await sendUserOperationAndWait(bundlerFor(account), { calls: [isValidHandleCall()] });
      }
      const isValidFor = (account: Address, hash: Hex, signature: Hex) =>
        publicClient.readContract({
          address: account,
          abi: smartAccountAbi,
          functionName: 'isValidSignature',
          args: [hash, signature],
        });

      const message = 'localhost:3000 wants you to sign in with your Ethereum account';
      const signature = await first.signMessage({ message });
      expect(await isValidFor(first.address, hashMessage(message), signature)).toBe('0x1626ba7e');
      expect(await isValidFor(second.address, hashMessage(message), signature)).toBe('0xffffffff');
      expect(await publicClient.verifyMessage({ address: second.address, message, signature })).toBe(false);
      // The owner's plain EIP-191 signature is accepted by neither.
      const plain = await owner.signMessage({ message });
      expect(await isValidFor(first.address, hashMessage(message), plain)).toBe('0xffffffff');

      // Typed data: the primary type sorts after one of its members, so the descriptor is explicit.
      const typedData = {
        domain: {
          name: 'Arena Votes',
          version: '2',
          chainId: await publicClient.getChainId(),
          verifyingContract: registry,
        },
        types: {
          Vote: [
            { name: 'voter', type: 'Ballot' },
            { name: 'round', type: 'uint256' },
          ],
          Ballot: [
            { name: 'choice', type: 'string' },
            { name: 'weight', type: 'uint8' },
          ],
        },
        primaryType: 'Vote',
        message: { voter: { choice: 'yes', weight: 3 }, round: 7n },
      } as const;
      const typedSignature = await first.signTypedData(typedData);
      expect(
        await publicClient.verifyTypedData({
          address: first.address,
          ...typedData,
          signature: typedSignature,
        }),
      ).toBe(true);
      expect(
        await publicClient.verifyTypedData({
          address: second.address,
          ...typedData,
          signature: typedSignature,
        }),
      ).toBe(false);
      expect(
        await publicClient.verifyTypedData({
          address: first.address,
          ...typedData,
          message: { ...typedData.message, round: 8n },
          signature: typedSignature,
        }),
      ).toBe(false);
      // ERC-7739 support detection.
      expect(
        await isValidFor(
          first.address,
          '0x7739773977397739773977397739773977397739773977397739773977397739',
          '0x',
        ),
      ).toBe('0x77390001');
    });

    it('accepts the owner signature of a not yet deployed account through ERC-6492', async () => {
      const account = await accountOf(newOwner());
      expect(await publicClient.getCode({ address: account.address })).toBeUndefined();
      const message = 'sign in before the first transaction';
      const signature = await account.signMessage({ message });
      expect(await publicClient.verifyMessage({ address: account.address, message, signature })).toBe(true);
      const typedData = {
        domain: { name: 'Arena', chainId: await publicClient.getChainId() },
        types: { Greeting: [{ name: 'text', type: 'string' }] },
        primaryType: 'Greeting',
        message: { text: 'gm' },
      } as const;
      const typedSignature = await account.signTypedData(typedData);
      expect(
        await publicClient.verifyTypedData({
          address: account.address,
          ...typedData,
          signature: typedSignature,
        }),
      ).toBe(true);
    });
  });

  describe('session keys', () => {
    let owner: LocalAccount;
    let ownerAccount: OjoSmartAccount;
    const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

    /**
     * Adds a session key to the owner's account, with `policy` over the usual one (the registry's isValidHandle,
     * 0.01 ETH fee limit, an hour), and answers it with the account it signs for.
     */
    async function addSessionKey(policy: Partial<Omit<SessionKeyPolicy, 'key'>> = {}) {
      const key = newOwner();
      const full = {
        key: key.address,
        target: registry,
        selector: IS_VALID_HANDLE,
        feeLimitWei: parseEther('0.01'),
        validUntil: inOneHour(),
        ...policy,
      };
      await sendUserOperationAndWait(bundlerFor(ownerAccount), {
        calls: [addSessionKeyCall(ownerAccount.address, full)],
      });
      expect(await sessionStatus(ownerAccount.address, key.address)).toBe(SESSION_STATUS.Active);
      return { key, sessionAccount: await accountOf(owner, key), validUntil: full.validUntil };
    }

    beforeAll(async () => {
      owner = newOwner();
      ownerAccount = await accountOf(owner);
    });

    it('reports NotInitialized for an unknown key', async () => {
      await sendUserOperationAndWait(bundlerFor(ownerAccount), { calls: [isValidHandleCall()] });
      expect(await sessionStatus(ownerAccount.address, newOwner().address)).toBe(
        SESSION_STATUS.NotInitialized,
      );
    });

    it('lets a session key call exactly its target and selector, and refuses another target or selector', async () => {
      const { key, sessionAccount } = await addSessionKey({ selector: CREATE_PROFILE });
      expect(sessionAccount.address).toBe(ownerAccount.address);

      const wrongTarget = await signOperation(sessionAccount, [
        {
          to: factory,
          data: encodeFunctionData({
            abi: smartAccountFactoryAbi,
            functionName: 'createAccount',
            args: [key.address, 0n],
          }),
        },
      ]);
      await expectBundlerRefusal(sessionAccount, wrongTarget, ACCOUNT_SIGNATURE_REFUSED);
      await expectEntryPointRefusal(wrongTarget, 'AA24');

      const wrongSelector = await signOperation(sessionAccount, [setRegistrarCall(sessionAccount.address)]);
      await expectBundlerRefusal(sessionAccount, wrongSelector, ACCOUNT_SIGNATURE_REFUSED);
      await expectEntryPointRefusal(wrongSelector, 'AA24');

      const handle = uniqueHandle('sess');
      await allowRegistrar(sessionAccount.address);
      const receipt = await sendUserOperationAndWait(bundlerFor(sessionAccount), {
        calls: [createProfileCall(sessionAccount.address, handle)],
      });
      expect(receipt.success).toBe(true);
      expect(await handleOfOwner(ownerAccount.address)).toBe(handle);
      const session = await publicClient.readContract({
        address: ownerAccount.address,
        abi: smartAccountAbi,
        functionName: 'getSessionKey',
        args: [key.address],
      });
      expect(session.spentWei).toBeGreaterThan(0n);
      expect(session.spentWei).toBeLessThanOrEqual(parseEther('0.01'));
    });

    it('refuses an operation whose maximum cost would take the key over its lifetime fee limit', async () => {
      const probe = await accountOf(owner, newOwner());
      const sample = await signOperation(probe, [isValidHandleCall()]);
      const maxCost =
        (sample.callGasLimit +
          sample.verificationGasLimit +
          sample.preVerificationGas +
          (sample.paymasterVerificationGasLimit ?? 0n) +
          (sample.paymasterPostOpGasLimit ?? 0n)) *
        sample.maxFeePerGas;

      // Room for one operation at this price, not two.
      const { sessionAccount } = await addSessionKey({ feeLimitWei: (maxCost * 3n) / 2n });
      const first = await signOperation(sessionAccount, [isValidHandleCall()]);
      const hash = await bundlerFor(sessionAccount).sendUserOperation({ ...first });
      expect((await bundlerFor(sessionAccount).waitForUserOperationReceipt({ hash })).success).toBe(true);

      const second = await signOperation(sessionAccount, [isValidHandleCall()]);
      await expectBundlerRefusal(sessionAccount, second, ACCOUNT_SIGNATURE_REFUSED);
      await expectEntryPointRefusal(second, 'AA24');

      const { sessionAccount: tinyAccount } = await addSessionKey({ feeLimitWei: maxCost / 2n });
      const overLimit = await signOperation(tinyAccount, [isValidHandleCall()]);
      await expectBundlerRefusal(tinyAccount, overLimit, ACCOUNT_SIGNATURE_REFUSED);
      await expectEntryPointRefusal(overLimit, 'AA24');
    });

    it('lets a session key send a batch (executeBatch) only when every call is its target and selector', async () => {
      const { sessionAccount } = await addSessionKey();
      const receipt = await sendUserOperationAndWait(bundlerFor(sessionAccount), {
        calls: [isValidHandleCall(), isValidHandleCall()],
      });
      expect(receipt.success).toBe(true);

      const mixed = await signOperation(sessionAccount, [
        isValidHandleCall(),
        setRegistrarCall(sessionAccount.address),
      ]);
      await expectBundlerRefusal(sessionAccount, mixed, ACCOUNT_SIGNATURE_REFUSED);
      await expectEntryPointRefusal(mixed, 'AA24');
    });

    it('refuses a revoked key (status Closed)', async () => {
      const { key, sessionAccount } = await addSessionKey();
      await sendUserOperationAndWait(bundlerFor(sessionAccount), { calls: [isValidHandleCall()] });

      await sendUserOperationAndWait(bundlerFor(ownerAccount), {
        calls: [revokeSessionKeyCall(ownerAccount.address, key.address)],
      });
      expect(await sessionStatus(ownerAccount.address, key.address)).toBe(SESSION_STATUS.Closed);

      const afterRevoke = await signOperation(sessionAccount, [isValidHandleCall()]);
      await expectBundlerRefusal(sessionAccount, afterRevoke, ACCOUNT_SIGNATURE_REFUSED);
      await expectEntryPointRefusal(afterRevoke, 'AA24');
    });

    it('refuses a key after its expiry (status Expired)', async () => {
      const latest = await publicClient.getBlock();
      const { key, sessionAccount, validUntil } = await addSessionKey({
        validUntil: Number(latest.timestamp) + 3,
      });
      // New blocks until the chain's clock passed the expiry (no fixed wait), and the bundler's clock too.
      await expect
        .poll(
          async () => {
            await publicClient.request({ method: 'evm_mine' } as never);
            return sessionStatus(ownerAccount.address, key.address);
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(SESSION_STATUS.Expired);
      await expect.poll(() => Date.now() / 1000 > validUntil, { timeout: 30_000 }).toBe(true);

      const expired = await signOperation(sessionAccount, [isValidHandleCall()]);
      await expectBundlerRefusal(sessionAccount, expired, /expire/i);
      await expectEntryPointRefusal(expired, 'AA22');
    });

    it('lets only the owner manage session keys', async () => {
      const key = newOwner();
      const policy = [key.address, registry, IS_VALID_HANDLE, parseEther('0.01'), inOneHour()] as const;
      const stranger = newOwner();
      const reverted = revertOf(
        await refusalOf(
          publicClient.simulateContract({
            account: stranger.address,
            address: ownerAccount.address,
            abi: smartAccountAbi,
            functionName: 'addSessionKey',
            args: policy,
          }),
        ),
      );
      expect(reverted?.data?.errorName).toBe('NotOwner');
    });
  });
});
