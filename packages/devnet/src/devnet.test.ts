import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileRegistryAbi } from '@ojo/contracts/generated/abis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcCall } from './child-process';
import { createDevnetPublicClient, createDevnetWalletClient } from './clients';
import { type Devnet, startDevnet } from './devnet';
import { ENTRY_POINT_V08_ADDRESS } from './entrypoint';
import { devnetAddresses, devnetKeys } from './keys';
import { findFreePort } from './ports';

async function start(dataDir: string): Promise<Devnet> {
  return startDevnet({ dataDir, chainPort: await findFreePort(), bundlerPort: await findFreePort() });
}

describe('startDevnet', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ojo-devnet-'));
  let devnet: Devnet;

  beforeAll(async () => {
    devnet = await start(dataDir);
  });

  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves chain id 11124 (0x2b74)', async () => {
    expect(await rpcCall<string>(devnet.rpcUrl, 'eth_chainId')).toBe('0x2b74');
  });

  it('runs a bundler that supports the EntryPoint v0.8', async () => {
    const entryPoints = await rpcCall<string[]>(devnet.bundlerUrl, 'eth_supportedEntryPoints');
    expect(entryPoints.map((address) => address.toLowerCase())).toContain(
      ENTRY_POINT_V08_ADDRESS.toLowerCase(),
    );
    const code = await createDevnetPublicClient(devnet.rpcUrl).getCode({ address: ENTRY_POINT_V08_ADDRESS });
    expect(code?.length).toBeGreaterThan(1000);
  });

  it('registers the API key as ProfileRegistry registrar', async () => {
    const isRegistrar = await createDevnetPublicClient(devnet.rpcUrl).readContract({
      address: devnet.deployments.contracts.ProfileRegistry,
      abi: profileRegistryAbi,
      functionName: 'isRegistrar',
      args: [devnetAddresses.apiSigner],
    });
    expect(isRegistrar).toBe(true);
  });

  it('keeps chain state and deployments across a restart on the same data folder', async () => {
    const api = createDevnetWalletClient(devnet.rpcUrl, devnetKeys.apiSigner);
    const owner = '0x000000000000000000000000000000000000bEEF';
    const hash = await api.writeContract({
      address: devnet.deployments.contracts.ProfileRegistry,
      abi: profileRegistryAbi,
      functionName: 'createProfileFor',
      args: [owner, 'restart_check'],
    });
    await createDevnetPublicClient(devnet.rpcUrl).waitForTransactionReceipt({ hash });
    const before = devnet.deployments;

    await devnet.stop();
    devnet = await start(dataDir);

    expect(devnet.deployments.contracts).toEqual(before.contracts);
    expect(devnet.deployments.deployedAtBlock).toBe(before.deployedAtBlock);
    const publicClient = createDevnetPublicClient(devnet.rpcUrl);
    const profileId = await publicClient.readContract({
      address: devnet.deployments.contracts.ProfileRegistry,
      abi: profileRegistryAbi,
      functionName: 'profileOf',
      args: [owner],
    });
    expect(profileId).toBeGreaterThan(0n);
    const handle = await publicClient.readContract({
      address: devnet.deployments.contracts.ProfileRegistry,
      abi: profileRegistryAbi,
      functionName: 'handleOf',
      args: [profileId],
    });
    expect(handle).toBe('restart_check');
  });
});
