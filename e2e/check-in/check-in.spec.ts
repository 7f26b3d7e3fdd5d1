import { expect, type Page, test } from '@playwright/test';
import { apiCall, holdRequests } from '../support/hold';
import { API_URL, createProfile, fetchUser, registerNewPlayer, SAAS_ID, sessionJwt } from '../support/login';

const CHECK_IN_PATH = '/game/check-in';
const FAILURE_TEXT = 'Check in failed. Please try again.';

/** The player's own ledger of points as the API answers it (product.md 7 point ledgers). */
async function pointLedgers(page: Page) {
  const user = await fetchUser(page.context());
  const response = await fetch(
    `${API_URL}/member/points/ledgers/${user.id}?offset=0&limit=20&assetType=POINT`,
    {
      headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
    },
  );
  return ((await response.json()) as { obj: { available: string; pointLedgers: { amount: string }[] } }).obj;
}

test('a new player checks in once: a failure says so, then the reward shows on the screen, in the header and in the ledger', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await registerNewPlayer(page);
  await createProfile(page);
  const header = page.getByTestId('header-balances');
  await expect(header.getByTestId('balance-POINT')).toHaveText('0');
  await expect(header.getByTestId('balance-OJO')).toHaveText('0');

  // product.md 4 'Loading, then complete': the status request is held, so the loading state is seen for sure.
  const status = await holdRequests(page, apiCall('GET', '/v2/tasks/checkin/status'));
  await page.goto(CHECK_IN_PATH);
  await status.held();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your check-in' })).toBeVisible();
  await status.release();
  await expect(page.getByTestId('check-in-screen')).toHaveAttribute('data-state', 'complete');

  // The day is a UTC day and the screen says which.
  const utcDay = await page.getByTestId('check-in-utc-day').textContent();
  expect(utcDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect([new Date(Date.now() - 60_000), new Date()].map((d) => d.toISOString().slice(0, 10))).toContain(
    utcDay,
  );
  await expect(page.getByTestId('check-in-day-1')).toContainText('10');
  await expect(page.getByTestId('check-in-day-7')).toContainText('100');
  await expect(page.getByTestId('check-in-day-7')).toContainText('FishXP');
  await expect(page.getByText('Miss a day and your streak starts again at day 1.')).toBeVisible();

  // product.md 4: not checked in today (the reward task status is falsy), so the coin reward popup is open.
  const popup = page.getByTestId('coin-reward-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('coin-reward-amount')).toHaveText('10 FishXP');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('check-in-popup-1440.png') });

  // product.md 8: a failed check-in says 'Check in failed. Please try again.' and changes nothing.
  await page.route(`${API_URL}/v2/tasks/checkin`, (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
  );
  await popup.getByRole('button', { name: 'Check in' }).click();
  await expect(popup.getByRole('alert')).toHaveText(FAILURE_TEXT);
  expect((await pointLedgers(page)).available).toBe('0');
  await page.unroute(`${API_URL}/v2/tasks/checkin`);

  await popup.getByRole('button', { name: 'Check in' }).click();
  await expect(popup.getByRole('heading', { name: 'Reward collected' })).toBeVisible();
  await expect(popup.getByTestId('coin-reward-amount')).toHaveText('+10 FishXP');
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('check-in-day-1')).toHaveAttribute('data-state', 'checked');
  await expect(page.getByRole('button', { name: 'Checked in today' })).toBeDisabled();

  // The header refreshes without a reload; the ledger has the one credit.
  await expect(header.getByTestId('balance-POINT')).toHaveText('10');
  expect((await pointLedgers(page)).pointLedgers.map((entry) => entry.amount)).toEqual(['10']);
  await page.screenshot({ path: testInfo.outputPath('check-in-done-1440.png'), fullPage: true });

  await header.click();
  const menu = page.getByRole('dialog', { name: 'Your balances' });
  await expect(menu.getByTestId('menu-balance-POINT')).toHaveText('10');
  await expect(menu.getByTestId('ledger-entry')).toHaveCount(1);
  await expect(menu.getByTestId('ledger-entry')).toContainText('Daily check-in');
  await expect(menu.getByTestId('ledger-entry')).toContainText('+10 FishXP');
  await page.screenshot({ path: testInfo.outputPath('account-menu-1440.png') });
  await page.keyboard.press('Escape');

  // A reload does not offer the popup again (today is done), and a phone-wide screen holds the same page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('check-in-screen')).toHaveAttribute('data-state', 'complete');
  await expect(popup).toHaveCount(0);
  await expect(header.getByTestId('balance-POINT')).toHaveText('10');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('check-in-done-390.png'), fullPage: true });
  await header.click();
  await page.screenshot({ path: testInfo.outputPath('account-menu-390.png') });
});
