import { expect, type Page, test } from '@playwright/test';
import { createProfile, registerNewPlayer } from '../support/login';

/** The wallet screen opened from a link: its heading and the Deposit that opens the deposit dialog. */
async function expectWalletScreen(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Deposit' }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await expect(deposit).toBeVisible();
  await deposit.getByRole('button', { name: 'Close' }).click();
}

test('desktop (1440 px): the header, the balances menu and the coin screen lead to the wallet', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerNewPlayer(page);
  await createProfile(page);

  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Wallet' }).click();
  await expectWalletScreen(page);

  await page.goto('/referral');
  await page.getByTestId('header-balances').click();
  const menu = page.getByRole('dialog', { name: 'Your balances' });
  await menu.getByRole('link', { name: 'Wallet' }).click();
  await expect(menu).toBeHidden();
  await expectWalletScreen(page);

  await page.goto('/game/coin');
  await page
    .getByRole('main')
    .getByRole('link', { name: /wallet/i })
    .first()
    .click();
  await expectWalletScreen(page);
});

test('phone (390 px): the mobile menu leads to the wallet', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerNewPlayer(page);
  await createProfile(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await sheet.getByRole('link', { name: 'Wallet' }).click();
  await expect(sheet).toBeHidden();
  await expectWalletScreen(page);

  // The balances menu too, on a phone.
  await page.getByTestId('header-balances').click();
  await page.getByRole('dialog', { name: 'Your balances' }).getByRole('link', { name: 'Wallet' }).click();
  await expectWalletScreen(page);
});
