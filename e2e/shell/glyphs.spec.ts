import { expect, test } from '@playwright/test';
import { fontDependentTexts } from '../support/glyphs';
import { WALLET_URL } from '../support/login';

/**
 * Debian's Chromium has no emoji font: every icon of the web, game and wallet apps is an SVG that ships with the
 * app, never a character that needs one. Logged-in views (the referral page's copy buttons) are checked in
 * e2e/referral/referral-page.spec.ts.
 */
const GAME_URL = process.env.E2E_GAME_URL ?? 'http://localhost:3002';

// One test per page: each page gets the whole test budget, which a busy CI machine can need for a cold route.
for (const path of ['/', '/referral', '/wallet', '/game', '/mint-badge', '/game/task', '/create-profile']) {
  test(`${path} draws no emoji or symbol characters`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await fontDependentTexts(page)).toEqual([]);
  });
}

test("the mobile header's login and menu draw no emoji or symbol characters", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/referral');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await fontDependentTexts(page)).toEqual([]);
});

test("the home page's login marks and the referral note are SVG icons", async ({ page }) => {
  await page.goto('/');
  const login = page.getByRole('button', { name: 'Login with Arena Wallet' });
  await expect(login.locator('svg')).toHaveCount(1);
  await expect(page.getByText('Recommended for new users').locator('svg')).toHaveCount(1);

  await page.goto('/referral');
  const note = page.getByText("We're cooking up something special for referrers. More soon!");
  await expect(note.locator('svg')).toBeVisible();
  expect(await note.locator('svg').evaluate((svg) => svg.getBoundingClientRect().width)).toBeGreaterThan(16);
});

test('the account provider and the game draw no emoji or symbol characters', async ({ page }) => {
  await page.goto(`${WALLET_URL}/popup`);
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(await fontDependentTexts(page)).toEqual([]);
  await page.goto(`${GAME_URL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await fontDependentTexts(page)).toEqual([]);
});
