import { expect, type Page, test } from '@playwright/test';
import { API_URL, answerWalletPopup, createProfile, registerNewPlayer } from '../support/login';
import { approveInWallet, fundFromFaucet } from '../support/wallet';

/**
 * product.md 2 coin screens, product.md 4 Buy OJO, product.md 5 Buy OJO amount and Redeem, product.md 8 Buy OJO and cancel-redeem rows
 * against the whole stack: OJO bought with ETH from the smart account (a user operation approved in the account
 * provider) arrives in the header balance exactly; a redemption goes PENDING then FINISHED and its ETH shows in the
 * wallet; a pending one is cancelled for its OJO back; each message is provoked. The e2e stack holds payouts for a
 * few seconds (WITHDRAW_PAYOUT_DELAY_SECONDS), the time a redemption stays cancellable.
 */

const ojoBalance = (page: Page) => page.getByTestId('balance-OJO');

async function newFundedPlayer(page: Page) {
  await registerNewPlayer(page);
  await createProfile(page);
  await fundFromFaucet(page);
  await expect(page.getByTestId('eth-balance')).toHaveText('1 ETH');
}

async function buy(page: Page, click: () => Promise<void>) {
  await approveInWallet(page.context(), click);
  await expect(page.getByText('Successfully transaction')).toBeVisible({ timeout: 60_000 });
}

const amountField = (page: Page) => page.getByLabel('Amount (OJO)');

test('buy a package and a custom amount: the OJO balance rises by exactly the amounts', async ({ page }) => {
  test.setTimeout(240_000);
  await newFundedPlayer(page);
  await page.goto('/game/coin');
  await expect(page.getByRole('heading', { name: 'Buy OJO', level: 1 })).toBeVisible();
  await expect(ojoBalance(page)).toHaveText('0');

  // product.md 5 Buy OJO amount: digits only, the minimum, what the ETH balance pays for.
  await amountField(page).fill('12a');
  await expect(page.getByText('Invalid character. Please enter the amount')).toBeVisible();
  await amountField(page).fill('5');
  await expect(page.getByText('Minimum amount: 10')).toBeVisible();
  // The most one order buys (COIN_MAX_QTY), far more than the player's ETH pays for.
  await amountField(page).fill('1000000');
  await expect(page.getByText(/^Insufficient balance, can redeem a maximum of [\d,]+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy OJO' })).toBeDisabled();

  // A package: 'Transaction in process', the approval, 'Successfully transaction', the header 3 s later.
  await page.getByRole('button', { name: 'Buy 100 OJO' }).click();
  await expect(page.getByText('Transaction in process').first()).toBeVisible();
  await approveInWallet(page.context(), async () => {});
  await expect(page.getByText('Successfully transaction')).toBeVisible({ timeout: 60_000 });
  await expect(ojoBalance(page)).toHaveText('100', { timeout: 15_000 });

  await amountField(page).fill('250');
  await buy(page, () => page.getByRole('button', { name: 'Buy OJO' }).click());
  await expect(ojoBalance(page)).toHaveText('350', { timeout: 15_000 });

  await page.goto('/game/coin-history');
  await expect(page.getByTestId('coin-history-item')).toHaveCount(2);
  await expect(page.getByTestId('coin-history-state')).toHaveText(['Done', 'Done']);
});

test('Buy OJO failures: the order refused, the payment turned down', async ({ page }) => {
  test.setTimeout(240_000);
  await newFundedPlayer(page);
  await page.goto('/game/coin');
  await expect(page.getByTestId('coin-package').first()).toBeVisible();

  await page.route(`${API_URL}/coin/orders`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: '503', message: 'busy', data: null }),
    }),
  );
  await page.getByRole('button', { name: 'Buy 100 OJO' }).click();
  await expect(page.getByText('Failed to order, please try again')).toBeVisible({ timeout: 30_000 });
  await page.unroute(`${API_URL}/coin/orders`);
  // The provider's window opened in the click and closed again: nothing to approve.
  await expect.poll(() => page.context().pages().length).toBe(1);

  const popup = await answerWalletPopup(
    page.context(),
    () => page.getByRole('button', { name: 'Buy 100 OJO' }).click(),
    (window) => window.getByRole('button', { name: 'Approve' }),
  );
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Failed to pay, please try again')).toBeVisible({ timeout: 30_000 });
  await expect(ojoBalance(page)).toHaveText('0');
});

test('redeem: cancelled while pending for the OJO back; then PENDING, FINISHED and the ETH in the wallet', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await newFundedPlayer(page);
  await page.goto('/game/coin');
  await amountField(page).fill('300');
  await buy(page, () => page.getByRole('button', { name: 'Buy OJO' }).click());
  await expect(ojoBalance(page)).toHaveText('300', { timeout: 15_000 });

  await page.goto('/game/redeem');
  await expect(page.getByTestId('redeem-balance')).toHaveText('300');
  await amountField(page).fill('5');
  await expect(page.getByText('Min redeem is 10 OJO')).toBeVisible();
  await amountField(page).fill('301');
  await expect(page.getByText('Max redeem is 300 OJO')).toBeVisible();

  // Redeem 50 and cancel it while it waits for the payout.
  await amountField(page).fill('50');
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByText('Redeem of 50 OJO requested')).toBeVisible();
  await expect(ojoBalance(page)).toHaveText('250');
  await page.getByRole('link', { name: 'Redeem history' }).click();
  const first = page.getByTestId('redeem-history-item').first();
  await expect(first.getByTestId('redeem-status')).toHaveText('PENDING');
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Redeem cancelled: 50 OJO returned')).toBeVisible();
  await expect(first.getByTestId('redeem-status')).toHaveText('CANCELLED');
  await expect(ojoBalance(page)).toHaveText('300');

  // Redeem 100: PENDING, then FINISHED once the treasury paid it.
  await page.goto('/game/redeem');
  await amountField(page).fill('100');
  await expect(page.getByTestId('redeem-eth')).not.toHaveText('0');
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByText('Redeem of 100 OJO requested')).toBeVisible();
  await expect(ojoBalance(page)).toHaveText('200');
  await page.goto('/game/redeem/history');
  const paid = page.getByTestId('redeem-history-item').first();
  await expect(paid.getByTestId('redeem-status')).toHaveText('PENDING');
  await expect(paid.getByTestId('redeem-status')).toHaveText('FINISHED', { timeout: 150_000 });
  // What the treasury paid (at the price of the request) arrives in the smart account's history.
  const eth = await paid.getByTestId('redeem-eth-amount').textContent();

  await page.goto('/wallet');
  const received = page.getByTestId('history-item').filter({ hasText: `+${eth} ETH` });
  await expect(received).toHaveCount(1, { timeout: 30_000 });
});

test('redeem messages: the system errors and the three cancel failures', async ({ page }) => {
  test.setTimeout(240_000);
  await newFundedPlayer(page);
  await page.goto('/game/coin');
  await amountField(page).fill('100');
  await buy(page, () => page.getByRole('button', { name: 'Buy OJO' }).click());
  await expect(ojoBalance(page)).toHaveText('100', { timeout: 15_000 });

  const info = (overrides: object) => ({
    conditions: {
      minAmountCheck: { require: '10' },
      dailyAmountCheck: { require: '10000', achieved: '0' },
      dailyCountCheck: { require: '5', achieved: '0' },
      tradeLimit: { require: '0', achieved: '0' },
      ...overrides,
    },
    trial: '0',
    fixedLeft: '0',
    balance: '100',
    price: '3000',
    redeem: { spreadBps: 300, costBasis: { qty: '100', wei: '33333333333333334' }, lowestPaid: null },
    freeOjoLock: {
      locked: '0',
      hasProfile: true,
      accountDays: { require: '7', achieved: '7' },
      bet: { require: '1000', achieved: '1000' },
    },
  });
  const cases: [object, string][] = [
    [{ dailyCountCheck: { require: '5', achieved: '5' } }, 'Max redeem reached today'],
    [{ dailyAmountCheck: { require: '100', achieved: '100' } }, 'Max redeem reached today'],
    [{ tradeLimit: { require: '500', achieved: '20' } }, 'Redeem require a total bet of 500 OJO'],
    [{ minAmountCheck: { require: '150' } }, 'Insufficient Balance'],
  ];
  for (const [overrides, message] of cases) {
    await page.route(`${API_URL}/coin/withdraw/info`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, code: '0', message: 'ok', data: info(overrides) }),
      }),
    );
    await page.goto('/game/redeem');
    await expect(page.getByTestId('redeem-system-error')).toHaveText(message);
    await expect(page.getByRole('button', { name: 'Redeem', exact: true })).toBeDisabled();
    await page.unroute(`${API_URL}/coin/withdraw/info`);
  }

  await page.goto('/game/redeem');
  await amountField(page).fill('20');
  await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  await expect(page.getByText('Redeem of 20 OJO requested')).toBeVisible();
  // The treasury pays it once its cancellable time ran out (WITHDRAW_PAYOUT_DELAY_SECONDS), and the list, read again
  // every 2 s, would then take the Cancel button away: the list is held at PENDING while the failures are provoked.
  const listUrl = new RegExp(`${API_URL.replace(/[.:/]/g, '\\$&')}/coin/withdraws/list`);
  await page.route(listUrl, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data = body.data.map((item: { amount: string; status: string }, index: number) =>
      index === 0 && item.amount === '20'
        ? { ...item, status: 'PENDING', txHash: null, cancellable: true }
        : item,
    );
    await route.fulfill({ response, json: body });
  });
  await page.goto('/game/redeem/history');
  const item = page.getByTestId('redeem-history-item').first();
  await expect(item.getByTestId('redeem-status')).toHaveText('PENDING');

  const cancelUrl = new RegExp(`${API_URL.replace(/[.:/]/g, '\\$&')}/coin/withdraws/\\d+$`);
  const failures: [(route: import('@playwright/test').Route) => Promise<void>, string][] = [
    [
      (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, code: '1109', message: 'gone', data: null }),
        }),
      'Order not found, please refresh the page',
    ],
    [
      (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, code: '1110', message: 'no', data: null }),
        }),
      'Redeem cancellation failed. Please try again.',
    ],
    [(route) => route.abort('connectionrefused'), 'Cancel redeem failed'],
  ];
  for (const [answer, message] of failures) {
    await page.route(cancelUrl, (route) =>
      route.request().method() === 'DELETE' ? answer(route) : route.fallback(),
    );
    await item.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(message)).toBeVisible();
    await page.unroute(cancelUrl);
  }
  await expect(ojoBalance(page)).toHaveText('80');
});
