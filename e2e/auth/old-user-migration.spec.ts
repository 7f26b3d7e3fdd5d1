import { expect, test } from '@playwright/test';
import { fetchUser, loginThroughPopup } from '../support/login';

/**
 * product.md 1 (old users), product.md 4 Login (bind when a web3auth address exists but no osp_aa), product.md 2 Dialogs 'Account
 * Migration Tips': the local Google identity of the embedded OpenID Connect provider, then the bind.
 */
test('an old user logs in with Google, sees the migration tips, binds a smart account and is a full user', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in with Google' }).click();

  // The local provider's sign-in page; a fresh test identity keeps reruns independent.
  await page.getByLabel(/email/i).fill(`old-${Date.now().toString(36)}@example.com`);
  await page.getByRole('button', { name: 'Continue with this email' }).click();

  const tips = page.getByRole('dialog', { name: 'Account Migration Tips' });
  await expect(tips).toBeVisible({ timeout: 30_000 });
  await expect(tips).toContainText('Mar 5, 2025');
  const before = await fetchUser(context);
  expect(before.isOldType).toBe(true);
  expect(before.web3authAddress).toMatch(/^0x[0-9a-f]{40}$/i);
  expect(before.abstractAddress.osp_aa).toBeUndefined();

  // The bind is this account's login success: a welcome when it came within 30 s of the account (product.md 4), which
  // this machine's speed decides; 'Let's go' closes it whenever it stands in the way.
  const welcome = page.getByRole('dialog', { name: 'Welcome to OJO Arena' });
  await page.addLocatorHandler(welcome, () => welcome.getByRole('button', { name: "Let's go" }).click());
  await loginThroughPopup(context, () =>
    tips.getByRole('button', { name: 'Bind an Arena Wallet account' }).click(),
  );
  await expect(tips).toBeHidden({ timeout: 60_000 });

  const after = await fetchUser(context);
  expect(after.id).toBe(before.id);
  expect(after.isOldType).toBe(false);
  expect(after.abstractAddress.osp_aa?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  // A full user: no login buttons, Logout in the header; without a profile yet, on to Create profile.
  await expect(page).toHaveURL(/\/create-profile$/);
  await expect(page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bind an Arena Wallet account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login with Arena Wallet' })).toHaveCount(0);
});

test('a locked old account (cause code 5115) gets the New account login prompt instead of a toast', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  // 'Dee (locked)' is the seeded Google identity whose old login is refused with cause code 5115.
  await page.getByRole('button', { name: /Dee \(locked\)/ }).click();
  const prompt = page.getByRole('dialog', { name: 'Continue with your new account' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt.getByRole('button', { name: 'Login with Arena Wallet' })).toBeVisible();
  await expect(page.getByText('Authorization failed, please try again')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});
