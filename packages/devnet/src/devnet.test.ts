import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
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

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('startDevnet', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ojo-devnet-'));
  let devnet: Devnet;

  beforeAll(async () => {
    // A data folder from an older run, left open to everyone: the devnet must close it.
    chmodSync(dataDir, 0o777);
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

  it('keeps its data private: folders 0700, chain state and deployments 0600', async () => {
    const statePath = join(dataDir, 'chain', 'state.json');
    const deploymentsPath = join(dataDir, 'devnet', 'deployments.json');
    // Files from an older run, readable and writable by everyone.
    await devnet.stop();
    chmodSync(statePath, 0o666);
    chmodSync(deploymentsPath, 0o666);
    devnet = await start(dataDir);
    await devnet.stop();
    expect(modeOf(statePath)).toBe(0o600);
    expect(modeOf(deploymentsPath)).toBe(0o600);
    // A state file anvil creates anew (a fresh chain redeploys and rewrites the deployments too).
    rmSync(statePath);
    devnet = await start(dataDir);
    await devnet.stop();

    for (const dir of [dataDir, join(dataDir, 'chain'), join(dataDir, 'devnet')])
      expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(statePath)).toBe(0o600);
    expect(modeOf(deploymentsPath)).toBe(0o600);
  });
});
