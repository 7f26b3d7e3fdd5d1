import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnvilHandle, startAnvil } from '@ojo/devnet/anvil';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { findFreePort } from '@ojo/devnet/ports';
import { type Address, getAddress, type Hex, type PublicClient, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileRegistryAbi, profileRegistryBytecode } from '../generated/abis';
import { expectRevert } from './revert';

const [ownerKey, aliceKey, bobKey, registrarKey, carolKey] = [
  devnetKeys.deployer,
  devnetKeys.spare[0],
  devnetKeys.spare[1],
  devnetKeys.apiSigner,
  devnetKeys.spare[2],
] as const;

describe('ProfileRegistry', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ojo-contracts-'));
  let anvil: AnvilHandle;
  let publicClient: PublicClient;
  let registry: Address;
  const wallet = (key: Hex) => createDevnetWalletClient(anvil.rpcUrl, key);

  /** The registrar (the API's key) creates a profile for the account of `key`. */
  const create = async (key: Hex, handle: string) => {
    const { request, result } = await publicClient.simulateContract({
      account: wallet(registrarKey).account,
      address: registry,
      abi: profileRegistryAbi,
      functionName: 'createProfileFor',
      args: [wallet(key).account.address, handle],
    });
    const receipt = await publicClient.waitForTransactionReceipt({
      hash: await wallet(registrarKey).writeContract(request),
    });
    return { profileId: result, receipt };
  };
  const read = <const F extends 'profileOf' | 'profileIdOfHandle' | 'handleOf' | 'ownerOfProfile'>(
    functionName: F,
    arg: F extends 'profileOf' ? Address : F extends 'profileIdOfHandle' ? string : bigint,
  ) =>
    publicClient.readContract({
      address: registry,
      abi: profileRegistryAbi,
      functionName,
      args: [arg],
    } as never) as Promise<F extends 'handleOf' ? string : F extends 'ownerOfProfile' ? Address : bigint>;

  beforeAll(async () => {
    anvil = await startAnvil({ dataDir, port: await findFreePort() });
    publicClient = createDevnetPublicClient(anvil.rpcUrl);
    const owner = wallet(ownerKey);
    const hash = await owner.deployContract({
      abi: profileRegistryAbi,
      bytecode: profileRegistryBytecode,
      args: [owner.account.address],
    });
    registry = getAddress((await publicClient.waitForTransactionReceipt({ hash })).contractAddress!);
    await publicClient.waitForTransactionReceipt({
      hash: await owner.writeContract({
        address: registry,
        abi: profileRegistryAbi,
        functionName: 'setRegistrar',
        args: [wallet(registrarKey).account.address, true],
      }),
    });
  });

  afterAll(async () => {
    await anvil?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a profile for an owner, returns its id and emits ProfileCreated', async () => {
    const alice = wallet(aliceKey).account.address;
    const { profileId, receipt } = await create(aliceKey, 'alice_01');
    expect(profileId).toBe(1n);
    expect(await read('profileOf', alice)).toBe(1n);
    expect(await read('profileIdOfHandle', 'alice_01')).toBe(1n);
    expect(await read('handleOf', 1n)).toBe('alice_01');
    expect(await read('ownerOfProfile', 1n)).toBe(alice);
    const [event] = parseEventLogs({
      abi: profileRegistryAbi,
      logs: receipt.logs,
      eventName: 'ProfileCreated',
    });
    expect(event?.args).toEqual({ profileId: 1n, owner: alice, handle: 'alice_01' });
  });

  it('refuses a handle that is already taken', async () => {
    await expectRevert(create(bobKey, 'alice_01'), 'HandleTaken');
    expect(await read('profileOf', wallet(bobKey).account.address)).toBe(0n);
  });

  it('keeps the handle immutable: a second profile for the same owner is refused', async () => {
    await expectRevert(create(aliceKey, 'alice_new'), 'ProfileAlreadyExists');
    expect(await read('handleOf', 1n)).toBe('alice_01');
    expect(await read('profileIdOfHandle', 'alice_new')).toBe(0n);
    const writeFunctions = profileRegistryAbi
      .filter((item) => item.type === 'function' && item.stateMutability === 'nonpayable')
      .map((item) => (item as { name: string }).name)
      .sort();
    // No setter, transfer or release of handles exists.
    expect(writeFunctions).toEqual([
      'createProfileFor',
      'renounceOwnership',
      'setRegistrar',
      'transferOwnership',
    ]);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a234567890123456'],
    ['uppercase', 'Alice_01'],
    ['hyphen', 'alice-01'],
    ['space', 'alice 01'],
    ['non-ascii', 'alicé_01'],
    ['empty', ''],
  ])('refuses an invalid handle (%s)', async (_, handle) => {
    await expectRevert(create(bobKey, handle), 'InvalidHandle');
  });

  it('accepts handles at the 4 and 15 byte limits', async () => {
    expect((await create(bobKey, 'b_0b')).profileId).toBeGreaterThan(0n);
    expect((await create(carolKey, 'carol_789012345')).profileId).toBeGreaterThan(0n);
  });

  it('lets nobody but a registrar create a profile, not even for themselves (no squatting, no front-running)', async () => {
    const bob = wallet(bobKey).account.address;
    for (const owner of [bob, '0x000000000000000000000000000000000000a11c' as Address]) {
      await expectRevert(
        publicClient.simulateContract({
          account: wallet(bobKey).account,
          address: registry,
          abi: profileRegistryAbi,
          functionName: 'createProfileFor',
          args: [owner, 'squat_me'],
        }),
        'NotRegistrar',
      );
    }
    // A plain transaction (no simulation) reverts on chain too and leaves the handle free.
    const hash = await wallet(bobKey).writeContract({
      address: registry,
      abi: profileRegistryAbi,
      functionName: 'createProfileFor',
      args: [bob, 'squat_me'],
      gas: 200_000n,
    });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted');
    expect(await read('profileIdOfHandle', 'squat_me')).toBe(0n);
    // The open createProfile(handle) of earlier versions is gone from the contract.
    const names = profileRegistryAbi.map((item) => ('name' in item ? item.name : '')) as string[];
    expect(names).not.toContain('createProfile');
  });

  it('stops a registrar that was removed', async () => {
    const owner = wallet(ownerKey);
    const setRegistrar = async (allowed: boolean) =>
      publicClient.waitForTransactionReceipt({
        hash: await owner.writeContract({
          address: registry,
          abi: profileRegistryAbi,
          functionName: 'setRegistrar',
          args: [wallet(registrarKey).account.address, allowed],
        }),
      });
    await setRegistrar(false);
    await expectRevert(create(carolKey, 'after_removal'), 'NotRegistrar');
    await setRegistrar(true);
  });

  it('lets only a registrar create a profile on behalf of another owner', async () => {
    const smartAccount: Address = '0x000000000000000000000000000000000000a11c';
    await expectRevert(
      publicClient.simulateContract({
        account: wallet(bobKey).account,
        address: registry,
        abi: profileRegistryAbi,
        functionName: 'createProfileFor',
        args: [smartAccount, 'by_bob'],
      }),
      'NotRegistrar',
    );
    const registrar = wallet(registrarKey);
    const { request, result } = await publicClient.simulateContract({
      account: registrar.account,
      address: registry,
      abi: profileRegistryAbi,
      functionName: 'createProfileFor',
      args: [smartAccount, 'smart_acct'],
    });
    await publicClient.waitForTransactionReceipt({ hash: await registrar.writeContract(request) });
    expect(await read('profileOf', smartAccount)).toBe(result);
    expect(await read('ownerOfProfile', result)).toBe(smartAccount);
    expect(await read('profileOf', registrar.account.address)).toBe(0n);
  });

  it('lets only the owner manage registrars', async () => {
    await expectRevert(
      publicClient.simulateContract({
        account: wallet(bobKey).account,
        address: registry,
        abi: profileRegistryAbi,
        functionName: 'setRegistrar',
        args: [wallet(bobKey).account.address, true],
      }),
      'OwnableUnauthorizedAccount',
    );
  });
});
