import { expect, test } from '@playwright/test';
import { answerWalletPopup, registerNewPlayer } from '../support/login';
import { toastWith } from '../tasks/task-helpers';

const EXTERNAL_WALLET = 'Arena Wallet (external key)';

/**
 * Locally, the account provider also offers a plain external-wallet mode: the badge page lists it as an
 * injected (EIP-6963) wallet, and a player links a plain devnet key through it; no wallet injected by the test.
 */
test('a player links the account provider external wallet for partner NFTs; the kind is locked once set', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await page.goto('/mint-badge');
  const nftSlot = page.getByTestId('link-slot-partner_nft');
  const tokenSlot = page.getByTestId('link-slot-partner_token');
  await expect(nftSlot.getByRole('button', { name: `Connect ${EXTERNAL_WALLET}` })).toBeEnabled();

  const popup = await answerWalletPopup(
    context,
    () => nftSlot.getByRole('button', { name: `Connect ${EXTERNAL_WALLET}` }).click(),
    (window) => window.getByRole('button', { name: 'Create wallet' }),
  );
  await expect(popup.getByRole('heading', { name: EXTERNAL_WALLET, level: 1 })).toBeVisible();
  await popup.getByRole('button', { name: 'Create wallet' }).click();
  await expect(popup.getByText('Link this wallet to your OJO Arena account.')).toBeVisible({
    timeout: 30_000,
  });
  await popup.getByRole('button', { name: 'Sign' }).click();
  const linked = nftSlot.getByTestId('linked-wallet');
  await expect(linked).toBeVisible({ timeout: 30_000 });
  await expect(toastWith(page, 'Wallet linked. Its partner NFTs now count for your badges.')).toBeVisible();
  // product.md 2 'Linking is locked once set': the NFT slot offers no button any more.
  await expect(nftSlot.getByRole('button')).toHaveCount(0);
  // product.md 4: the Verify button is enabled once an EVM wallet is linked.
  await expect(page.getByTestId('asset-card-result').getByRole('button', { name: 'Verify' })).toBeEnabled();

  // The same wallet cannot serve the partner token too: each linked wallet has one kind (product.md 8, code 1117).
  const again = await answerWalletPopup(
    context,
    () => tokenSlot.getByRole('button', { name: `Connect ${EXTERNAL_WALLET}` }).click(),
    (window) => window.getByRole('button', { name: 'Continue' }),
  );
  await again.getByRole('button', { name: 'Continue' }).click();
  await again.getByRole('button', { name: 'Sign' }).click({ timeout: 30_000 });
  await expect(toastWith(page, 'You have already bound other wallet addresses.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(tokenSlot.getByTestId('linked-wallet')).toHaveCount(0);
});
