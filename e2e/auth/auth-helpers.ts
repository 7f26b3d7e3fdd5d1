import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { type Address, createPublicClient, http, parseAbi } from 'viem';

/** URLs of the stack `npm test` started (scripts/test.mjs); defaults are the product's ports. */
export const CHAIN_URL = process.env.E2E_CHAIN_URL ?? 'http://127.0.0.1:8545';
export const DATA_DIR = process.env.E2E_DATA_DIR ?? join(process.cwd(), '..', '.data');

export const SESSION_COOKIE_NAMES = ['ojo_jwt', 'ojo_id_token', 'ojo_task_id', 'ojo_platform'];

const profileRegistryAbi = parseAbi([
  'function profileIdOfHandle(string handle) view returns (uint256)',
  'function ownerOfProfile(uint256 profileId) view returns (address)',
  'function handleOf(uint256 profileId) view returns (string)',
]);

/** The ProfileRegistry entry of a handle, read from the chain (address from the devnet's deployments.json). */
export async function readProfileOnChain(
  handle: string,
): Promise<{ profileId: bigint; owner: Address; handle: string }> {
  const deployments = JSON.parse(readFileSync(join(DATA_DIR, 'devnet', 'deployments.json'), 'utf8')) as {
    contracts: { ProfileRegistry: Address };
  };
  const client = createPublicClient({ transport: http(CHAIN_URL) });
  const address = deployments.contracts.ProfileRegistry;
  const profileId = await client.readContract({
    address,
    abi: profileRegistryAbi,
    functionName: 'profileIdOfHandle',
    args: [handle],
  });
  const [owner, storedHandle] = await Promise.all([
    client.readContract({
      address,
      abi: profileRegistryAbi,
      functionName: 'ownerOfProfile',
      args: [profileId],
    }),
    client.readContract({ address, abi: profileRegistryAbi, functionName: 'handleOf', args: [profileId] }),
  ]);
  return { profileId, owner, handle: storedHandle };
}

/** Cookies and both storages of the web origin, as a person would inspect them in devtools. */
export async function browserState(page: Page, context: BrowserContext) {
  const cookies = await context.cookies(page.url());
  const storage = await page.evaluate(() => ({
    local: Object.keys(window.localStorage),
    session: Object.keys(window.sessionStorage),
  }));
  return { cookies: cookies.map((cookie) => cookie.name), ...storage };
}
