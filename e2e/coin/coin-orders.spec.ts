import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiCall, holdRequests } from '../support/hold';
import {
  API_URL,
  answerWalletPopup,
  createProfile,
  registerNewPlayer,
  SAAS_ID,
  sessionJwt,
} from '../support/login';
import { fundFromFaucet } from '../support/wallet';

/**
 * Buying OJO beyond the happy path, against the whole stack at 1440 px: the ETH cost of a typed amount shows before
 * anything is ordered, no 'maximum of 0' shows while the balance loads, the sixth unpaid order says why it is
 * refused, an unpaid order can be paid or cancelled from the coin history (and reads Expired once its quote ran
 * out), and the redeem screens read right: figures grouped by 3 digits, no '10 - 0' range, no minus sign on OJO a
 * cancelled redemption gave back.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const escaped = (text: string) => text.replace(/[.:/?]/g, '\\$&');
const amountField = (page: Page) => page.getByLabel('Amount (OJO)');

async function newPlayer(page: Page) {
  await registerNewPlayer(page);
  await createProfile(page);
}

/** POST /coin/orders as the page's player, straight to the API (an order placed and left unpaid). */
async function placeOrder(context: BrowserContext, baseQty: string) {
  const response = await fetch(`${API_URL}/coin/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', saas_id: SAAS_ID, jwt_token: await sessionJwt(context) },
    body: JSON.stringify({ base: 'OJO', quote: 'ETH', baseQty }),
  });
  const body = (await response.json()) as { success: boolean; data: { orderId: string } };
  expect(body.success).toBe(true);
  return body.data;
}

test('Buy OJO: the ETH cost shows as the amount is typed, no maximum of 0 while the balance loads, the refusals say why', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await newPlayer(page);
  // The live price, held at 3,000 OJO per ETH so the cost is known.
  await page.route(new RegExp(`${escaped(API_URL)}/coin/configs$`), async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.tokenConfigs[0].price = '3000';
    await route.fulfill({ response, json: body });
  });
  const balance = await holdRequests(page, apiCall('GET', '/token/balances'));
  await page.goto('/game/coin');
  await expect(page.getByTestId('ojo-per-eth')).toHaveText('3,000');
  await balance.held();
  await amountField(page).fill('50');
  // While the ETH balance is not known, nothing is said about it.
  await expect(page.getByText(/can redeem a maximum of/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Buy OJO' })).toBeDisabled();
  await balance.release();

  await amountField(page).fill('1500');
  await expect(page.getByTestId('buy-eth-cost')).toHaveText('0.5');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`buy-ojo-${width}.png`), fullPage: true });
  }
  await amountField(page).fill('10');
  await expect(page.getByTestId('buy-eth-cost')).toHaveText('0.00333333');
  // A new player has no ETH: the most it buys is 0, grouped like every figure.
  await amountField(page).fill('1000000');
  await expect(page.getByText('Insufficient balance, can redeem a maximum of 0')).toBeVisible();
  // A package the balance cannot pay is refused before any order, and says why.
  await expect(page.getByRole('button', { name: 'Buy 100 OJO' })).toBeDisabled();
  await expect(page.getByText('Not enough ETH: you have 0 ETH').first()).toBeVisible();

  // Five unpaid orders are the most a player holds: the sixth is refused with the API's reason.
  await fundFromFaucet(page);
  await page.goto('/game/coin');
  await expect(page.getByRole('button', { name: 'Buy 100 OJO' })).toBeEnabled();
  for (let index = 0; index < 5; index += 1) await placeOrder(page.context(), '10');
  await page.getByRole('button', { name: 'Buy 100 OJO' }).click();
  await expect(
    page.getByText(
      'Too many unpaid orders: pay or cancel one in your purchase history, or wait for its quote to run out',
    ),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Failed to order, please try again')).toHaveCount(0);
});

test('coin history: an unpaid order is paid or cancelled there; one whose quote ran out reads Expired', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await newPlayer(page);
  await fundFromFaucet(page);
  const toPay = await placeOrder(page.context(), '20');
  await page.goto('/game/coin-history');
  const row = page.getByTestId('coin-history-item').filter({ hasText: '20 OJO' });
  await expect(row.getByTestId('coin-history-state')).toHaveText('Waiting for payment');
  // Not bought yet: no plus sign.
  await expect(row.getByText('20 OJO', { exact: true })).toBeVisible();
  const popup = await answerWalletPopup(
    page.context(),
    () => row.getByRole('button', { name: 'Pay' }).click(),
    (window) => window.getByRole('button', { name: 'Approve' }),
  );
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Successfully transaction')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByTestId('coin-history-state')).toHaveText('Done', { timeout: 30_000 });
  await expect(row.getByText('+20 OJO', { exact: true })).toBeVisible();
  await expect(page.getByTestId('balance-OJO')).toHaveText('20', { timeout: 15_000 });
  expect(toPay.orderId).toBeTruthy();

  await placeOrder(page.context(), '30');
  await page.reload();
  const toCancel = page.getByTestId('coin-history-item').filter({ hasText: '30 OJO' });
  await toCancel.getByRole('button', { name: 'Cancel' }).click();
  await expect(toCancel.getByTestId('coin-history-state')).toHaveText('Cancelled');
  await expect(toCancel.getByText('30 OJO', { exact: true })).toBeVisible();
  await expect(toCancel.getByRole('button')).toHaveCount(0);

  // An unpaid order whose quote ran out (held so, rather than waited for): Expired, no sign, nothing to pay.
  await placeOrder(page.context(), '40');
  await page.route(new RegExp(`${escaped(API_URL)}/coin/histories`), async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const item of body.data.histories) {
      if (item.baseQty === '40') item.expiresAt = Date.now() - 1000;
    }
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  const expired = page.getByTestId('coin-history-item').filter({ hasText: '40 OJO' });
  await expect(expired.getByTestId('coin-history-state')).toHaveText('Expired');
  await expect(expired.getByText('40 OJO', { exact: true })).toBeVisible();
  await expect(expired.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await placeOrder(page.context(), '50');
  await page.reload();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`coin-history-${width}.png`), fullPage: true });
  }
});

test('redeem: figures grouped by 3 digits, no "10 - 0" range, no minus on OJO a cancelled redemption gave back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await newPlayer(page);
  await page.goto('/game/redeem');
  // A new player has no OJO: no range from 10 to 0.
  await expect(amountField(page)).toHaveAttribute('placeholder', 'At least 10');

  const info = {
    conditions: {
      minAmountCheck: { require: '10' },
      dailyAmountCheck: { require: '10000', achieved: '0' },
      dailyCountCheck: { require: '5', achieved: '0' },
      tradeLimit: { require: '200', achieved: '200' },
    },
    trial: '0',
    fixedLeft: '0',
    balance: '1500',
    price: '3000',
    redeem: { spreadBps: 300, costBasis: { qty: '1500', wei: '500000000000000000' }, lowestPaid: null },
    freeOjoLock: {
      locked: '0',
      hasProfile: true,
      accountDays: { require: '7', achieved: '7' },
      bet: { require: '1000', achieved: '1000' },
    },
  };
  await page.route(`${API_URL}/coin/withdraw/info`, (route) =>
    route.fulfill({ json: { success: true, code: '0', message: 'ok', data: info } }),
  );
  await page.reload();
  await expect(amountField(page)).toHaveAttribute('placeholder', '10 - 1,500');
  await amountField(page).fill('2000');
  await expect(page.getByText('Max redeem is 1,500 OJO')).toBeVisible();

  const item = (id: string, status: string) => ({
    id,
    amount: '1500',
    ethAmount: '0.485',
    status,
    txHash: null,
    created: Date.now(),
    cancellable: false,
  });
  await page.route(new RegExp(`${escaped(API_URL)}/coin/withdraws/list`), (route) =>
    route.fulfill({
      json: {
        success: true,
        code: '0',
        message: 'ok',
        data: [item('2', 'CANCELLED'), item('1', 'FINISHED')],
      },
    }),
  );
  await page.goto('/game/redeem/history');
  const rows = page.getByTestId('redeem-history-item');
  await expect(rows.getByTestId('redeem-status')).toHaveText(['CANCELLED', 'FINISHED']);
  await expect(rows.nth(0).getByText('1,500 OJO', { exact: true })).toBeVisible();
  await expect(rows.nth(1).getByText('-1,500 OJO', { exact: true })).toBeVisible();
});
