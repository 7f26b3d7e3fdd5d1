import { expect, type Page, test } from '@playwright/test';
import { createProfile, registerNewPlayer, WALLET_URL } from '../support/login';

/**
 * The wallet's failure paths and figures against the whole stack, at 1440 px unless a test says otherwise: a send
 * the account provider never answers ends in 'Transaction failed', the whole balance (the fee comes from it) and a 42-character address that is not hex are refused, the
 * maximum is grouped by 3 digits, a 1-wei transfer does not read '+0 ETH', a description is never cut at 390 px and
 * the balance's USD value is the balance at the price the card shows.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const TX = `0x${'ab'.repeat(32)}`;

async function newPlayerOnWallet(page: Page) {
  await registerNewPlayer(page);
  await createProfile(page);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
}

/** GET /token/balances answers `formattedBalance` ETH (the rest of the answer as the API gave it). */
async function holdBalance(page: Page, formattedBalance: string, usdBalance?: string) {
  await page.route('**/token/balances', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const [whole = '0', fraction = ''] = formattedBalance.split('.');
    body.data[0].formattedBalance = formattedBalance;
    body.data[0].balance = BigInt(`${whole}${fraction.padEnd(18, '0')}`).toString();
    if (usdBalance !== undefined) body.data[0].usdBalance = usdBalance;
    await route.fulfill({ response, json: body });
  });
}

const sendDialog = (page: Page) => page.getByRole('dialog', { name: 'Send' });

async function fillSend(page: Page, address: string, amount: string) {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = sendDialog(page);
  await dialog.getByLabel('Address').fill(address);
  await dialog.getByLabel('Amount (ETH)').fill(amount);
  return dialog;
}

test('a send the account provider never answers fails with Transaction failed, showing that it waits meanwhile', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await newPlayerOnWallet(page);
  await holdBalance(page, '1');
  await page.reload();
  await expect(page.getByTestId('eth-balance')).toHaveText('1 ETH');
  // The provider's window loads but never says it listens (as a window that did not load, or one another tab owns).
  await page.context().route(`${WALLET_URL}/popup**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>wallet</title><p>Loading…</p>',
    }),
  );
  const dialog = await fillSend(page, `0x${'a'.repeat(40)}`, '0.01');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // Soft: whether or not the page says it waits, the test goes on to whether the wait ends.
  await expect.soft(dialog.getByTestId('send-waiting')).toHaveText('Approve the transfer in Arena Wallet…');
  await expect(dialog.getByLabel('Amount (ETH)')).toBeDisabled();
  await expect(page.getByText('Transaction failed')).toBeVisible({ timeout: 70_000 });
  await expect(dialog.getByTestId('send-waiting')).toHaveCount(0);
  await expect(dialog.getByLabel('Amount (ETH)')).toBeEnabled();
});

test('the send form refuses the whole balance and a non-hex address, and groups the maximum by 3 digits', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await newPlayerOnWallet(page);
  await holdBalance(page, '1235.4430226');
  await page.reload();
  const dialog = await fillSend(page, `0x${'g'.repeat(40)}`, '2000');
  await expect(dialog.getByText('Please enter a valid ETH address')).toBeVisible();
  await expect(dialog.getByText('The maximum amount is 1,235.4430226 ETH')).toBeVisible();
  await dialog.getByLabel('Address').fill(`0x${'a'.repeat(40)}`);
  await dialog.getByLabel('Amount (ETH)').fill('1235.4430226');
  await expect(
    dialog.getByText('The network fee is paid from this balance: send less than 1,235.4430226 ETH'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await dialog.getByLabel('Amount (ETH)').fill('1235.4');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
});

test('history and balance figures: 1 wei is not +0, nothing is cut at 390 px, one price for the balance', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await newPlayerOnWallet(page);
  await holdBalance(page, '2', '1.00');
  await page.route('**/token/tickers/ETH', (route) =>
    route.fulfill({
      json: {
        success: true,
        code: '0',
        message: 'success',
        data: { symbol: 'ETH', price: '2000.5', timestamp: Date.now(), stale: false },
      },
    }),
  );
  const line = (desc: string, amount: string) => ({
    created: Date.now(),
    symbol: 'ETH',
    desc,
    amount,
    formattedUsdAmount: '0.00',
    side: 'in',
    txHash: TX,
  });
  await page.route('**/token/histories**', (route) =>
    route.fulfill({
      json: {
        success: true,
        code: '0',
        message: 'success',
        data: {
          histories: [line('Received', '0.000000000000000001'), line('Received', '12345678.12345678')],
        },
      },
    }),
  );
  await page.reload();
  // The card's USD value is the balance at the price its price line shows: 2 ETH at $2,000.50.
  await expect(page.getByTestId('eth-price')).toHaveText('1 ETH ≈ $2,000.50');
  await expect(page.getByTestId('usd-balance')).toHaveText('≈ $4,001.00');
  await expect(page.getByTestId('history-amount')).toHaveText([
    '+<0.00000001 ETH',
    '+12,345,678.12345678 ETH',
  ]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const descriptions = page.getByTestId('history-item').getByText('Received', { exact: true });
    await expect(descriptions).toHaveCount(2);
    // Nothing of a description is hidden, and a one-word description stays whole on one line.
    const cutOrBroken = await descriptions.evaluateAll(
      (nodes) =>
        nodes.filter(
          (node) =>
            node.scrollWidth > node.clientWidth ||
            node.getBoundingClientRect().height > Number.parseFloat(getComputedStyle(node).lineHeight) * 1.5,
        ).length,
    );
    expect(cutOrBroken).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`wallet-history-${width}.png`), fullPage: true });
  }
});
