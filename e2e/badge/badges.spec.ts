import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  API_URL,
  answerWalletPopup,
  createProfile,
  registerNewPlayer,
  SAAS_ID,
  sessionJwt,
} from '../support/login';
import { openTasks, taskCard, toastWith } from '../tasks/task-helpers';

/**
 * An EIP-6963 injected wallet for the page (what a browser extension announces), holding `privateKey`: it shares
 * its address and signs personal_sign messages in the test process.
 */
async function injectWallet(page: Page): Promise<`0x${string}`> {
  const wallet = privateKeyToAccount(generatePrivateKey());
  await page.exposeFunction('__e2eWalletSign', (message: Hex) =>
    wallet.signMessage({ message: { raw: message } }),
  );
  await page.addInitScript((address: string) => {
    const sign = (window as unknown as { __e2eWalletSign: (message: string) => Promise<string> })
      .__e2eWalletSign;
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
        if (method === 'eth_chainId') return '0x2b74';
        if (method === 'personal_sign') return sign(String(params?.[0]));
        throw new Error(`${method} is not supported by the test wallet`);
      },
    };
    const detail = Object.freeze({
      info: {
        uuid: 'e2e-test-wallet',
        name: 'Test Wallet',
        icon: 'data:image/svg+xml,%3Csvg%2F%3E',
        rdns: 'dev.ojo.e2e',
      },
      provider,
    });
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
  }, wallet.address);
  return wallet.address;
}

/** The devnet faucet hands a PartnerNFT to one of the player's wallets. */
async function givePartnerNft(context: BrowserContext, address: string) {
  const response = await fetch(`${API_URL}/devnet/faucet/partner`, {
    method: 'POST',
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(context), 'content-type': 'application/json' },
    body: JSON.stringify({ address, asset: 'nft' }),
  });
  expect((await response.json()).success).toBe(true);
}

const badgeCard = (page: Page, series: string, level = '1') =>
  page.locator(`[data-testid="badge-card"][data-series="${series}"][data-level="${level}"]`);

async function linkTestWallet(page: Page) {
  const nftSlot = page.getByTestId('link-slot-partner_nft');
  await nftSlot.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await expect(nftSlot.getByTestId('linked-wallet')).toBeVisible({ timeout: 20_000 });
  // product.md 2: 'Linking is locked once set.'
  await expect(nftSlot.getByRole('button')).toHaveCount(0);
}

async function verifyAssets(page: Page) {
  const result = page.getByTestId('asset-card-result');
  await result.getByRole('button', { name: 'Verify' }).click();
  await result.getByRole('button', { name: 'Confirm' }).click();
}

test('onboarding badge with one session-key approval, then an asset badge with no popup', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const wallet = await injectWallet(page);
  await registerNewPlayer(page);
  await openTasks(page);
  // Both onboarding tasks are what the product knows: done without a Verify.
  await expect(taskCard(page, 'sign_in').getByText('DONE (TODAY)')).toBeVisible();
  await page.goto('/create-profile');
  await createProfile(page);
  await openTasks(page);
  await expect(taskCard(page, 'osp_profile_create')).toHaveAttribute('data-state', 'done');

  // The onboarding badge is claimable: one approval grants the badge session key, and the mint follows.
  const onboarding = page.getByTestId('onboarding-badge-button');
  await expect(onboarding).toHaveAttribute('data-status', 'claimable', { timeout: 30_000 });
  await expect(onboarding).toBeEnabled({ timeout: 30_000 });
  const popup = await answerWalletPopup(
    context,
    () => onboarding.click(),
    (window) => window.getByRole('heading', { name: 'Allow a session key' }),
  );
  await expect(popup.getByText('0.01 ETH')).toBeVisible();
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(onboarding).toHaveText('Onboarding badge claimed', { timeout: 90_000 });
  await expect(onboarding).toBeDisabled();

  // The mint is on chain: the badge page shows it claimed.
  await page.goto('/mint-badge');
  await expect(badgeCard(page, 'OnboardingBadge')).toHaveAttribute('data-status', 'claimed', {
    timeout: 30_000,
  });
  await expect(badgeCard(page, 'OnboardingBadge').getByText('CLAIMED')).toBeVisible();

  // A linked wallet holding a PartnerNFT: verify, then claim with the session key: no popup this time.
  await linkTestWallet(page);
  await givePartnerNft(context, wallet);
  await verifyAssets(page);
  const result = page.getByTestId('asset-card-result');
  await expect(result.getByRole('button', { name: 'Claim' })).toBeEnabled({ timeout: 30_000 });
  const walletPagesBefore = context.pages().filter((candidate) => candidate.url().includes('/popup')).length;
  await result.getByRole('button', { name: 'Claim' }).click();
  const congrats = page.getByRole('dialog', { name: 'congrats' });
  await expect(congrats.getByText('You just claimed 1 badge.')).toBeVisible({ timeout: 90_000 });
  expect(context.pages().filter((candidate) => candidate.url().includes('/popup')).length).toBe(
    walletPagesBefore,
  );
  for (const candidate of context.pages()) {
    if (candidate === page || candidate.isClosed()) continue;
    await expect(candidate.getByRole('heading', { name: 'Allow a session key' })).toHaveCount(0);
  }
  // The share: the badges just collected, the @ mention, the hashtag, $OJO and the player's invite link, posted
  // through X's intent URL.
  await congrats.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  const intent = new URL((await share.getByRole('link', { name: 'Post on X' }).getAttribute('href')) ?? '');
  expect(`${intent.origin}${intent.pathname}`).toBe('https://x.com/intent/tweet');
  const posted = intent.searchParams.get('text') ?? '';
  expect(posted).toContain('collected 1 badge');
  for (const part of ['@OJOArena', '#OJOArena', '$OJO']) expect(posted).toContain(part);
  expect(posted).toMatch(/\/\?inviteCode=[A-Za-z0-9]{6}&sourceType=web/);
  await share.getByRole('button', { name: 'Close' }).click();
  await expect(result.getByText('CLAIMED')).toBeVisible();
  await expect(badgeCard(page, 'DojoBadge', '1')).toHaveAttribute('data-status', 'claimed');
});

test('a linked wallet without partner assets: the error toast 2 s after verifying', async ({ page }) => {
  test.setTimeout(180_000);
  await injectWallet(page);
  await registerNewPlayer(page);
  await page.goto('/mint-badge');
  await expect(page.getByRole('heading', { name: 'Badges', exact: true, level: 2 })).toBeVisible();
  await expect(page.getByTestId('claimable-count')).toHaveText('0 Claimable Badges');
  await expect(
    page.getByText('Solana assets are not supported. Please use EVM-compatible chains.'),
  ).toBeVisible();
  // product.md 4: 'Disabled when no EVM or Solana wallet is connected.'
  await expect(page.getByTestId('asset-card-result').getByRole('button', { name: 'Verify' })).toBeDisabled();
  await linkTestWallet(page);
  const verifiedAt = Date.now();
  await verifyAssets(page);
  await expect(toastWith(page, 'Your assets do not meet the requirements for badge acquisition')).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  expect(Date.now() - verifiedAt).toBeGreaterThanOrEqual(2000);
  await expect(badgeCard(page, 'DojoBadge', '1')).toHaveAttribute('data-status', 'pending');
});

test("each badge's Go leads where that badge is earned, and every series shows its own emblem", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerNewPlayer(page);
  await page.goto('/mint-badge');
  await expect(badgeCard(page, 'DailyDriver')).toBeVisible({ timeout: 30_000 });

  // The emblems: a drawn image per series (not a letter), loaded, and a different one for each series.
  const cards = page.getByTestId('badge-card');
  const shown = new Map<string, string>();
  for (const card of await cards.all()) {
    const art = card.getByTestId('badge-art');
    await art.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        art.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await art.textContent()).toBe('');
    const series = (await card.getAttribute('data-series'))!;
    const src = await art.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(shown.get(series) ?? src, `${series} shows one emblem on all its levels`).toBe(src);
    shown.set(series, src);
  }
  expect(shown.size).toBeGreaterThanOrEqual(6);
  expect(new Set(shown.values()).size).toBe(shown.size);
  const svg = await page.request.get(shown.get('KyuTrainer')!);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect(await page.getByTestId('asset-badge-art').getAttribute('src')).toBe(shown.get('DojoBadge'));

  const go = (series: string) => badgeCard(page, series).getByRole('link', { name: 'Go' });
  await expect(go('DojoDash')).toHaveAttribute('href', '/game');
  await expect(go('DailyDriver')).toHaveAttribute('href', '/game/check-in');
  await expect(go('KyuTrainer')).toHaveAttribute('href', '/referral');
  await go('DailyDriver').click();
  await expect(page).toHaveURL(/\/game\/check-in$/);
  await page.goBack();
  await go('KyuTrainer').click();
  await expect(page).toHaveURL(/\/referral$/);
});
