import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AnvilHandle, startAnvil } from '@ojo/devnet/anvil';
import { devnetAddresses } from '@ojo/devnet/keys';
import { findFreePort } from '@ojo/devnet/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilWellKnownAddresses, checkLocalDevnet, isLoopbackUrl } from '../../src/config/local-devnet';
import { closedPortUrl } from '../helpers';

/** A JSON-RPC node on 127.0.0.1 that names itself `client` and serves `chainId` (a public node behind a tunnel). */
async function startNode(client: string, chainId: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const result = method === 'web3_clientVersion' ? client : method === 'eth_chainId' ? chainId : null;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

describe('is the chain the local devnet?', () => {
  const servers: Server[] = [];
  let anvil: AnvilHandle;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ojo-local-devnet-'));

  beforeAll(async () => {
    anvil = await startAnvil({ dataDir, port: await findFreePort() });
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) server.close();
    await anvil?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('yes for anvil on this machine with the configured chain id', async () => {
    const check = await checkLocalDevnet({ rpcUrl: anvil.rpcUrl, chainId: 11124 });
    expect(check.isLocalDevnet).toBe(true);
    expect(check.reason).toMatch(/^anvil \(anvil\/v/);
  });

  it('no for anvil serving another chain id than configured', async () => {
    const check = await checkLocalDevnet({ rpcUrl: anvil.rpcUrl, chainId: 1 });
    expect(check.isLocalDevnet).toBe(false);
  });

  it('no for another node on this machine, even with chain id 11124 (Abstract testnet through a tunnel)', async () => {
    const node = await startNode('zksync/v2.0.0', '0x2b74');
    servers.push(node.server);
    expect(await checkLocalDevnet({ rpcUrl: node.url, chainId: 11124 })).toEqual({
      isLocalDevnet: false,
      reason: `the node at ${node.url} is zksync/v2.0.0, not anvil`,
    });
  });

  it('no for a node that does not answer, and for a node elsewhere (not even asked)', async () => {
    const closed = await closedPortUrl();
    expect((await checkLocalDevnet({ rpcUrl: closed, chainId: 11124 })).isLocalDevnet).toBe(false);
    expect(await checkLocalDevnet({ rpcUrl: 'https://api.testnet.abs.xyz', chainId: 11124 })).toEqual({
      isLocalDevnet: false,
      reason: 'https://api.testnet.abs.xyz is not on this machine',
    });
  });

  it('takes only loopback hosts for this machine', () => {
    for (const url of [
      'http://127.0.0.1:8545',
      'http://localhost:8545',
      'http://[::1]:8545',
      'http://127.1.2.3',
    ]) {
      expect(isLoopbackUrl(url)).toBe(true);
    }
    for (const url of [
      'http://10.0.0.1:8545',
      'http://chain.local',
      'https://rpc.example',
      'http://[::2]',
      'nope',
    ]) {
      expect(isLoopbackUrl(url)).toBe(false);
    }
  });

  it("derives anvil's default accounts from its mnemonic, the devnet's keys among them", () => {
    const known = anvilWellKnownAddresses();
    expect(known).toHaveLength(10);
    for (const address of Object.values(devnetAddresses)) expect(known).toContain(address);
  });
});
