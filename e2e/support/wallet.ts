import { type BrowserContext, expect, type Page } from '@playwright/test';
import { answerWalletPopup } from './login';

/** 1 test ETH from the devnet faucet of the wallet page's Deposit dialog, to the page's player. */
export async function fundFromFaucet(page: Page): Promise<void> {
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Deposit' }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await deposit.getByRole('button', { name: /test ETH \(devnet faucet\)/ }).click();
  await expect(page.getByText('Received 1 test ETH from the devnet faucet')).toBeVisible({ timeout: 30_000 });
  await deposit.getByRole('button', { name: 'Close' }).click();
}

/** Approves, in the account provider's window, the transaction `click` asks for. */
export async function approveInWallet(context: BrowserContext, click: () => Promise<void>): Promise<void> {
  const popup = await answerWalletPopup(context, click, (window) =>
    window.getByRole('button', { name: 'Approve' }),
  );
  await popup.getByRole('button', { name: 'Approve' }).click();
}
