import { expect, type Page, test } from '@playwright/test';
import { answerWalletPopup, createProfile, registerNewPlayer, smartAccountOf } from '../support/login';
import { approveInWallet } from '../support/wallet';

/**
 * product.md 2 Wallet, product.md 4 Send ETH, product.md 5 send rules and product.md 9 against the whole stack: a new player funds their
 * smart account from the devnet faucet, sends 0.01 ETH to another player as a user operation approved in the
 * account provider, and both histories show it from the chain index.
 */

async function newPlayerOnWallet(page: Page): Promise<string> {
  await registerNewPlayer(page);
  await createProfile(page);
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  return smartAccountOf(page.context());
}

const balanceText = (page: Page) => page.getByTestId('eth-balance');
const sendDialog = (page: Page) => page.getByRole('dialog', { name: 'Send' });

async function fundFromFaucet(page: Page) {
  await page.getByRole('button', { name: 'Deposit' }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await expect(deposit.getByRole('img', { name: /QR code of 0x/ })).toBeVisible();
  await deposit.getByRole('button', { name: /test ETH \(devnet faucet\)/ }).click();
  await expect(page.getByText('Received 1 test ETH from the devnet faucet')).toBeVisible({ timeout: 30_000 });
  await deposit.getByRole('button', { name: 'Close' }).click();
  await expect(balanceText(page)).toHaveText('1 ETH');
}

test('an empty history says so and links the explorer page of the address', async ({ page, context }) => {
  test.setTimeout(120_000);
  const address = await newPlayerOnWallet(page);
  await expect(balanceText(page)).toHaveText('0 ETH');

  // The address badge: the middle hidden, the whole address copied, 'Copied!' for 2 seconds (product.md 2, product.md 9).
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  });
  await expect(page.getByTestId('wallet-address')).toHaveText(
    `${address.slice(0, 6)}...${address.slice(-4)}`,
  );
  // How long 'Copied!' stays is timed in the page itself, from the click that copies to the moment the text goes:
  // the 2 s start at the click, and a busy machine can only paint the text late, never take it away early.
  await page.evaluate(() => {
    const times: { clicked?: number; shown?: number; hidden?: number } = {};
    (window as unknown as { copiedTimes: typeof times }).copiedTimes = times;
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element | null)?.closest('button');
        if (button?.getAttribute('aria-label') === 'Copy address') times.clicked ??= performance.now();
      },
      { capture: true },
    );
    const showing = () => document.body.innerText.includes('Copied!');
    new MutationObserver(() => {
      if (times.shown === undefined && showing()) times.shown = performance.now();
      else if (times.shown !== undefined && times.hidden === undefined && !showing())
        times.hidden = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByText('Copied!')).toBeVisible();
  expect((await page.evaluate(() => navigator.clipboard.readText())).toLowerCase()).toBe(
    address.toLowerCase(),
  );
  await expect(page.getByText('Copied!')).toBeHidden({ timeout: 10_000 });
  const times = await page.evaluate(
    () =>
      (window as unknown as { copiedTimes: { clicked?: number; shown?: number; hidden?: number } })
        .copiedTimes,
  );
  expect(times.clicked).toBeDefined();
  expect(times.shown).toBeGreaterThanOrEqual(times.clicked!);
  // 2 s less the timers' coarsening of performance.now().
  expect(times.hidden! - times.clicked!).toBeGreaterThanOrEqual(1_990);

  await expect(page.getByText('No historical record')).toBeVisible();
  const [explorer] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'View more in Scan' }).click(),
  ]);
  await expect(explorer.getByRole('heading', { name: `Address ${address.toLowerCase()}` })).toBeVisible();
  await expect(explorer.getByText('No transactions found.')).toBeVisible();
});

test('fund from the faucet, send 0.01 ETH approved in the popup, both histories show it', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const receiverContext = await browser.newContext();
  const receiver = await receiverContext.newPage();
  const receiverAddress = await newPlayerOnWallet(receiver);

  const senderContext = await browser.newContext();
  const sender = await senderContext.newPage();
  await newPlayerOnWallet(sender);
  await fundFromFaucet(sender);
  await expect(sender.getByTestId('usd-balance')).toHaveText(/^≈ \$[\d,]+\.\d\d$/);
  await expect(sender.getByTestId('usd-balance')).not.toHaveText('≈ $0.00');
  await expect(sender.getByTestId('history-item').first()).toContainText('+1 ETH');

  await sender.getByRole('button', { name: 'Send' }).click();
  const dialog = sendDialog(sender);
  await expect(dialog.getByText('Abstract Chain', { exact: true })).toBeVisible();
  await dialog.getByLabel('Address').fill(receiverAddress);
  await dialog.getByLabel('Amount (ETH)').fill('0.01');
  await approveInWallet(senderContext, () => dialog.getByRole('button', { name: 'Confirm' }).click());
  await expect(sender.getByText('Transaction successful')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toHaveCount(0);

  // The sender's history: the transfer out, with the up arrow and the minus sign.
  const sent = sender.getByTestId('history-item').filter({ hasText: '-0.01 ETH' });
  await expect(sent).toHaveCount(1, { timeout: 45_000 });
  await expect(sent.getByTestId('arrow-up')).toBeVisible();
  await expect(sent).toContainText(/\d\d\/\d\d \d\d:\d\d/);
  await expect(balanceText(sender)).not.toHaveText('1 ETH');

  // The receiver's history: the same transfer coming in, with the down arrow.
  // The indexer may not have reached the block when the page loads: load it again until the transfer is there.
  const received = receiver.getByTestId('history-item').filter({ hasText: '+0.01 ETH' });
  await expect(async () => {
    await receiver.reload();
    await expect(received).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(received.getByTestId('arrow-down')).toBeVisible();
  await expect(balanceText(receiver)).toHaveText('0.01 ETH');
  await expect(receiver.getByText('Close 100 records on display')).toBeVisible();

  // A send the player turns down in the account provider: 'Transaction failed', and nothing moves.
  await sender.reload();
  await expect(sender.getByTestId('history-item').first()).toBeVisible();
  const before = await balanceText(sender).textContent();
  const itemsBefore = await sender.getByTestId('history-item').count();
  await sender.getByRole('button', { name: 'Send' }).click();
  await dialog.getByLabel('Address').fill(receiverAddress);
  await dialog.getByLabel('Amount (ETH)').fill('0.02');
  const popup = await answerWalletPopup(
    senderContext,
    () => dialog.getByRole('button', { name: 'Confirm' }).click(),
    (window) => window.getByRole('button', { name: 'Approve' }),
  );
  // While the provider asks, the form is submitting: inputs disabled.
  await expect(dialog.getByLabel('Amount (ETH)')).toBeDisabled();
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(sender.getByText('Transaction failed')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByLabel('Amount (ETH)')).toBeEnabled();
  await sender.reload();
  await expect(balanceText(sender)).toHaveText(before ?? '');
  await expect(sender.getByTestId('history-item')).toHaveCount(itemsBefore);
  await expect(receiver.getByTestId('history-item')).toHaveCount(1);

  await receiverContext.close();
  await senderContext.close();
});

test('every send rule of product.md 5 shows its message on change and blur, and Confirm waits for valid input', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await newPlayerOnWallet(page);
  await fundFromFaucet(page);
  await page.getByRole('button', { name: 'Send' }).click();
  const dialog = sendDialog(page);
  const address = dialog.getByLabel('Address');
  const amount = dialog.getByLabel('Amount (ETH)');
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();

  await address.fill('0x1234');
  await expect(dialog.getByText('Please enter a valid ETH address')).toBeVisible();
  await address.fill('');
  await expect(dialog.getByText('Address is required')).toBeVisible();
  await address.fill(`1x${'a'.repeat(40)}`);
  await expect(dialog.getByText('Please enter a valid ETH address')).toBeVisible();
  await address.fill(`0x${'a'.repeat(40)}`);
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await amount.focus();
  await amount.blur();
  await expect(dialog.getByText('Amount is required')).toBeVisible();
  await amount.fill('0');
  await expect(dialog.getByText('Please enter a valid positive amount')).toBeVisible();
  await amount.fill('5');
  await expect(dialog.getByText('The maximum amount is 1 ETH')).toBeVisible();
  await expect(confirm).toBeDisabled();
  // The field keeps what was typed and says what is wrong: a letter, 9 integer digits; leading zeros are fine.
  await amount.fill('');
  await amount.pressSequentially('00a0.1');
  await expect(amount).toHaveValue('00a0.1');
  await expect(dialog.getByText('Please enter a valid positive amount')).toBeVisible();
  await amount.fill('123456789');
  await expect(amount).toHaveValue('123456789');
  await expect(
    dialog.getByText('At most 8 digits before the decimal point. Please enter the amount'),
  ).toBeVisible();
  await expect(confirm).toBeDisabled();
  await amount.fill('00.5');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await amount.fill('0.5');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(confirm).toBeEnabled();
});

/** Whether anything makes the page wider than the window (product.md 9 breakpoints: xs 390 px up to large screens). */
const hasHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('the wallet fits 390 px and 1440 px screens without sideways scrolling', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await newPlayerOnWallet(page);
  await fundFromFaucet(page);
  // A balance with all its decimals (as after a send and its fee), held so the widest amount is laid out.
  await page.route('**/token/balances', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data[0].formattedBalance = '0.98956173084901573';
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(balanceText(page)).toHaveText('0.98956173 ETH');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('history-item').first()).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    // The symbol is never split across lines (at 390 px the amount and "ETH" do not fit one line).
    expect(
      await page.getByTestId('eth-balance-symbol').evaluate((element) => element.getClientRects().length),
    ).toBe(1);
    await page.screenshot({ path: testInfo.outputPath(`wallet-${width}.png`), fullPage: true });
    for (const name of ['Deposit', 'Send']) {
      await page.getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      if (name === 'Deposit') await expect(dialog.getByRole('img', { name: /QR code of 0x/ })).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`wallet-${name.toLowerCase()}-${width}.png`) });
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
  }
});
