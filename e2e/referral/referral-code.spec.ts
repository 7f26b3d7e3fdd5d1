import { expect, test } from '@playwright/test';

/** product.md 2 Home (referral entry), product.md 5 Referral code, product.md 2 Referral (logged out). */

test('the referral code input takes letters and digits only, at most 6', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Have a referral code?' }).click();
  const input = page.getByLabel('Referral code');
  await expect(input).toBeFocused();
  await input.pressSequentially('ab-1 2!c');
  await expect(input).toHaveValue('ab12c');
  await input.pressSequentially('9zz');
  await expect(input).toHaveValue('ab12c9');
  await input.fill('#$%^');
  await expect(input).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
});

// DEMO01 is the invite code of the demo referrer the database seed creates (packages/db/src/seeds).
test('a link with inviteCode and sourceType selects that code for the login', async ({ page }) => {
  await page.goto('/?inviteCode=DEMO01&sourceType=web');
  await expect(page.getByLabel('Referral code')).toHaveValue('DEMO01');
  await expect(page.getByText('Invalid referral code')).toHaveCount(0);
  const stored = await page.evaluate(() => window.sessionStorage.getItem('ojo_referral_selection'));
  expect(JSON.parse(stored ?? 'null')).toEqual({ referralCode: 'DEMO01', sourceType: 'web' });
});

test('an unknown source type in the link falls back to web', async ({ page }) => {
  await page.goto('/?inviteCode=DEMO01&sourceType=somewhere');
  await expect(page.getByLabel('Referral code')).toHaveValue('DEMO01');
  const stored = await page.evaluate(() => window.sessionStorage.getItem('ojo_referral_selection'));
  expect(JSON.parse(stored ?? 'null')).toEqual({ referralCode: 'DEMO01', sourceType: 'web' });
});

test('a code the server does not know shows the error, and typing clears it', async ({ page }) => {
  await page.goto('/?inviteCode=ZZZZZ9&sourceType=web');
  const input = page.getByLabel('Referral code');
  await expect(input).toHaveValue('ZZZZZ9');
  await expect(page.getByText('Invalid referral code')).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('ojo_referral_selection'))).toBeNull();
  await input.press('End');
  await input.press('Backspace');
  await expect(input).toHaveValue('ZZZZZ');
  await expect(page.getByText('Invalid referral code')).toHaveCount(0);
});

test('logged out, the referral page asks to log in and keeps the note', async ({ page }) => {
  await page.goto('/referral');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log in to invite friends' })).toBeVisible();
  await expect(page.getByText("We're cooking up something special for referrers. More soon!")).toBeVisible();
  await expect(page.getByRole('button', { name: /copy/i })).toHaveCount(0);
  await page.getByRole('link', { name: 'Log in on the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
