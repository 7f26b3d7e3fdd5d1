import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devnetKeys } from '@ojo/contracts/devnet-keys';
import { expect, test } from '@playwright/test';
import { type Address, createPublicClient, createWalletClient, http, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { CHAIN_URL, DATA_DIR, readProfileOnChain } from '../auth/auth-helpers';
import { registerNewPlayer } from '../support/login';

const registryAbi = parseAbi(['function createProfileFor(address owner, string handle) returns (uint256)']);

/** What the registrar holds on chain that this database never reserved (another deployment's database, say). */
async function registerOnChainOnly(handle: string): Promise<void> {
  const { contracts } = JSON.parse(readFileSync(join(DATA_DIR, 'devnet', 'deployments.json'), 'utf8')) as {
    contracts: { ProfileRegistry: Address };
  };
  const client = createPublicClient({ transport: http(CHAIN_URL) });
  const registrar = createWalletClient({
    account: privateKeyToAccount(devnetKeys.apiSigner),
    transport: http(CHAIN_URL),
  });
  const owner = privateKeyToAccount(generatePrivateKey()).address;
  // The API sends with this key too: a nonce it is using at this moment makes ours fail, so try again.
  await expect
    .poll(
      async () => {
        try {
          const hash = await registrar.writeContract({
            address: contracts.ProfileRegistry,
            abi: registryAbi,
            functionName: 'createProfileFor',
            args: [owner, handle],
            chain: null,
          });
          return (await client.waitForTransactionReceipt({ hash })).status;
        } catch {
          return 'retry';
        }
      },
      { timeout: 30_000 },
    )
    .toBe('success');
}

test("the demo referrer's handle is on chain, registered by the API's job at its first start", async () => {
  await expect
    .poll(async () => (await readProfileOnChain('arena_demo').catch(() => ({ profileId: 0n }))).profileId, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0n);
});

test('a handle the chain already holds comes back to the form as HANDLE_TAKEN after creating; another one goes home', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const takenOnChain = `t_${Date.now().toString(36)}`;
  await registerOnChainOnly(takenOnChain);
  await registerNewPlayer(page);

  const input = page.getByRole('textbox', { name: 'Handle' });
  await input.fill(takenOnChain);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // The database had it free, so the creation starts; the job finds it taken on chain and the page hears so.
  await expect(page.getByRole('alert')).toHaveText(
    'HANDLE_TAKEN, This handle name is not available. Please try another.',
    { timeout: 60_000 },
  );
  await expect(page.getByRole('heading', { name: 'Transaction Failed' })).toHaveCount(0);

  const handle = `p_${Date.now().toString(36)}`;
  await input.fill(handle);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 60_000 });
  expect((await readProfileOnChain(handle)).profileId).toBeGreaterThan(0n);
});
