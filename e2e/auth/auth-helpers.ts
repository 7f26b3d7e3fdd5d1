import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { type Address, createPublicClient, http, parseAbi } from 'viem';

/** URLs of the stack `npm test` started (scripts/test.mjs); defaults are the product's ports. */
export const API_URL = process.env.E2E_API_URL ?? 'http://localhost:3001';
export const CHAIN_URL = process.env.E2E_CHAIN_URL ?? 'http://127.0.0.1:8545';
export const DATA_DIR = process.env.E2E_DATA_DIR ?? join(process.cwd(), '..', '.data');
const SAAS_ID = process.env.VITE_SAAS_ID ?? 'ojo-arena';

export const SESSION_COOKIE_NAMES = ['ojo_jwt', 'ojo_id_token', 'ojo_task_id', 'ojo_platform'];

/**
 * Clicks a login button that opens the account provider, then answers the popup: 'Create account' (a new smart
 * account) and 'Sign' (the sign-in message).
 */
export async function loginThroughPopup(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const popupOpened = context.waitForEvent('page');
  await click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Create account' }).click({ timeout: 30_000 });
  await popup.getByRole('button', { name: 'Sign' }).click({ timeout: 30_000 });
  return popup;
}

export async function sessionJwt(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'ojo_jwt');
  if (!cookie) throw new Error('no session cookie');
  return decodeURIComponent(cookie.value);
}

/** `GET /customer` with the page's session, as the API answers it. */
export async function fetchCustomer(context: BrowserContext): Promise<{
  id: string;
  isOldType: boolean;
  web3authAddress: string | null;
  abstractAddress: { osp_aa?: { address: string } };
  profile: { handle: string } | null;
}> {
  const response = await fetch(`${API_URL}/customer`, {
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(context) },
  });
  const body = (await response.json()) as { success: boolean; obj: never };
  if (!body.success) throw new Error(`GET /customer failed: ${JSON.stringify(body)}`);
  return body.obj;
}

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
