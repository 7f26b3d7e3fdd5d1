import { expect, test } from '@playwright/test';
import { API_URL, createProfile, registerNewPlayer } from '../support/login';

/**
 * Every amount field of the web (buy, redeem, send) keeps what the player typed and says what is wrong with it:
 * '1.5' OJO is refused as a decimal rather than read as 15, leading zeros read as the number, and the action stays
 * disabled until the text is an amount in range.
 */
test('buy, redeem and send keep the typed amount, say what is wrong and read leading zeros', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await createProfile(page);

  // Buy OJO: whole OJO only.
  await page.goto('/game/coin');
  const buyAmount = page.getByLabel('Amount (OJO)');
  await buyAmount.fill('150.5');
  await expect(buyAmount).toHaveValue('150.5');
  await expect(page.getByText('Whole numbers only. Please enter the amount without decimals')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy OJO' })).toBeDisabled();
  await buyAmount.fill('1 5');
  await expect(page.getByText('Invalid character. Please enter the amount')).toBeVisible();
  // A new player has no ETH: 0150 reads as 150 OJO, which the balance does not pay for.
  await buyAmount.fill('0150');
  await expect(buyAmount).toHaveValue('0150');
  await expect(page.getByText('Insufficient balance, can redeem a maximum of 0')).toBeVisible();

  // Redeem: the player's figures are held (100 OJO, 10 to 100 redeemable), the field is the page's.
  await page.route(`${API_URL}/coin/withdraw/info`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data = {
      ...body.data,
      conditions: {
        minAmountCheck: { require: '10' },
        dailyAmountCheck: { require: '10000', achieved: '0' },
        dailyCountCheck: { require: '5', achieved: '0' },
        tradeLimit: { require: '0', achieved: '0' },
      },
      trial: '0',
      fixedLeft: '0',
      balance: '100',
      freeOjoLock: { ...body.data.freeOjoLock, locked: '0' },
    };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/game/redeem');
  const redeemAmount = page.getByLabel('Amount (OJO)');
  const redeem = page.getByRole('button', { name: 'Redeem', exact: true });
  await redeemAmount.fill('1.5');
  await expect(redeemAmount).toHaveValue('1.5');
  await expect(page.getByText('Whole numbers only. Please enter the amount without decimals')).toBeVisible();
  await expect(redeem).toBeDisabled();
  await expect(page.getByTestId('redeem-eth')).toHaveText('0');
  await redeemAmount.fill('015');
  await expect(redeemAmount).toHaveValue('015');
  await expect(page.getByText('Whole numbers only. Please enter the amount without decimals')).toHaveCount(0);
  await expect(page.getByText(/^M(in|ax) redeem is/)).toHaveCount(0);
  await expect(redeem).toBeEnabled();

  // Send: ETH to 8 decimals; a comma is not a dot.
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send' });
  const sendAmount = dialog.getByLabel('Amount (ETH)');
  await sendAmount.fill('1,5');
  await expect(sendAmount).toHaveValue('1,5');
  await expect(dialog.getByText('Please enter a valid positive amount')).toBeVisible();
  await sendAmount.fill('0.123456789');
  await expect(sendAmount).toHaveValue('0.123456789');
  await expect(dialog.getByText('At most 8 decimals. Please enter the amount')).toBeVisible();
  await sendAmount.fill('00.5');
  await expect(sendAmount).toHaveValue('00.5');
  await expect(dialog.getByText('The maximum amount is 0 ETH')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
});
