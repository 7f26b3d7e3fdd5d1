import { expect, test } from '@playwright/test';
import {
  createProfile,
  LOGIN_BUTTON_NAME,
  loginWithHeldAccount,
  logout,
  registerNewPlayer,
  smartAccountOf,
} from '../support/login';
import { fetchReferralInfo } from './referral-helpers';

/**
 * product.md 2 Referral with the header's login (product.md 2: 'The header shows login or logout'): a returning player who logs
 * in on /referral itself sees their invite there at once, without reloading.
 */
test('a returning player who logs in from the header on /referral sees their invite at once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await createProfile(page);
  const account = await smartAccountOf(context);
  const { inviteCode } = await fetchReferralInfo(context);
  await logout(page);

  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Log in to invite friends' })).toBeVisible();
  await loginWithHeldAccount(
    context,
    () => page.getByTestId('auth-slot').getByRole('button', { name: LOGIN_BUTTON_NAME }).click(),
    account,
  );
  // An account made under 30 s ago is still 'new' (product.md 9), so the welcome may open over the page and hide it from
  // role queries, depending on how long the steps above took: look through it with CSS locators.
  await expect(page.locator('[data-testid="auth-slot"] button', { hasText: 'Logout' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.locator('output[aria-label="Invite code"]')).toHaveText(inviteCode);
  await expect(page.locator('h2', { hasText: 'Log in to invite friends' })).toHaveCount(0);
});
