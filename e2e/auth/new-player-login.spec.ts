import { expect, test } from '@playwright/test';
import { apiCall, holdRequests, nextLoginCreatedAt } from '../support/hold';
import { fetchUser, loginThroughPopup } from '../support/login';
import { browserState, readProfileOnChain, SESSION_COOKIE_NAMES } from './auth-helpers';

/**
 * product.md 4 Login and Profile creation, product.md 2 Create profile and Dialogs, product.md 5 Profile handle, against the whole
 * stack: the wallet popup (apps/wallet), SIWE and the user calls (apps/api), the ProfileRegistry on the devnet.
 */
test('a new player logs in through the popup, creates a handle on chain, is welcomed, stays logged in and logs out', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const createdAt = nextLoginCreatedAt(page);
  // The welcome is for an account under 30 s old at the login's success (product.md 4): the session user's load waits
  // until the page's clock stands 5 s after the account was made, so this machine's speed does not decide it.
  const userLoad = await holdRequests(page, apiCall('GET', '/customer'));
  await loginThroughPopup(context, () =>
    page.getByRole('button', { name: 'Login with Arena Wallet' }).first().click(),
  );
  await userLoad.held();
  await page.clock.setFixedTime((await createdAt) + 5_000);
  await userLoad.release();

  // No profile yet: the Create profile page, with the welcome over it.
  await expect(page).toHaveURL(/\/create-profile$/, { timeout: 60_000 });
  const welcome = page.getByRole('dialog', { name: 'Welcome to OJO Arena' });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('Create your on-chain profile');
  await welcome.getByRole('button', { name: "Let's go" }).click();
  await expect(welcome).toBeHidden();

  // The form is prefilled from the smart account's last 6 characters.
  await expect(page.getByRole('heading', { level: 1, name: 'Create profile' })).toBeVisible();
  const user = await fetchUser(context);
  const smartAccount = user.abstractAddress.osp_aa?.address ?? '';
  expect(smartAccount).toMatch(/^0x[0-9a-fA-F]{40}$/);
  const input = page.getByRole('textbox', { name: 'Handle' });
  await expect(input).toHaveValue(smartAccount.slice(-6).toLowerCase());
  await expect(page.getByText('The handle cannot be changed after creation.')).toBeVisible();
  const create = page.getByRole('button', { name: 'Create', exact: true });

  await input.fill('Bad-Name');
  await expect(page.getByRole('alert')).toHaveText(
    'Restrict input to lowercase letters,numbers,underscores,Must be 4 and 15 characters.',
  );
  await expect(create).toBeDisabled();

  await page.getByRole('button', { name: 'Clear handle' }).click();
  await expect(input).toHaveValue('');
  await expect(create).toBeDisabled();

  // 'admin' is in the server's whitelist of reserved handles.
  await input.fill('admin');
  await create.click();
  await expect(page.getByRole('alert')).toHaveText('This handle name is not available. Please try another.');
  await expect(create).toBeDisabled();

  const handle = `p_${Date.now().toString(36)}`;
  await input.fill(handle);
  // The creating view lasts as long as the creation: the request waits until the view has been checked.
  const creation = await holdRequests(page, apiCall('POST', '/profile'));
  await create.click();
  await creation.held();
  await expect(page.getByRole('heading', { name: 'Profile Creating' })).toBeVisible();
  await expect(
    page.getByText('We are still creating your on-chain profile, please wait a minute...'),
  ).toBeVisible();
  await creation.release();

  // Success: home, history replaced; the welcome was at the login, not again.
  await expect(page).toHaveURL(/\/$/, { timeout: 60_000 });
  await expect(page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' })).toBeVisible();

  const onChain = await readProfileOnChain(handle);
  expect(onChain.profileId).toBeGreaterThan(0n);
  expect(onChain.owner.toLowerCase()).toBe(smartAccount.toLowerCase());
  expect(onChain.handle).toBe(handle);

  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A full user sees no login buttons.
  await expect(page.getByRole('button', { name: 'Login with Arena Wallet' })).toHaveCount(0);

  // Still logged in after a reload.
  await page.reload();
  const logout = page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login with Arena Wallet' })).toHaveCount(0);
  expect((await browserState(page, context)).cookies).toEqual(
    expect.arrayContaining(['ojo_jwt', 'ojo_id_token']),
  );

  // Logout asks first; then every cookie and storage entry of the site is gone.
  await logout.click();
  const confirm = page.getByRole('dialog', { name: 'Logout' });
  await expect(confirm).toContainText('Are you sure you want to logout?');
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login with Arena Wallet' }).first()).toBeVisible();
  await expect
    .poll(async () => browserState(page, context), { timeout: 10_000 })
    .toEqual({ cookies: [], local: [], session: [] });
  for (const name of SESSION_COOKIE_NAMES) {
    expect((await context.cookies()).some((cookie) => cookie.name === name)).toBe(false);
  }
});

test('a blocked popup shows the notice, and Got it closes it', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Login with Arena Wallet' }).first().click();
  const notice = page.getByRole('dialog');
  await expect(notice).toContainText(
    "POPUP BLOCKED: Please disable 'Block pop-ups' in your phone or browser settings.",
  );
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();
  // Nothing was stored: the person is still logged out.
  await expect(page.getByRole('button', { name: 'Login with Arena Wallet' }).first()).toBeEnabled();
});

test('a login 42 s after the account was made opens no welcome (product.md 4: within 30 seconds only)', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const createdAt = nextLoginCreatedAt(page);
  const userLoad = await holdRequests(page, apiCall('GET', '/customer'));
  await loginThroughPopup(context, () =>
    page.getByRole('button', { name: 'Login with Arena Wallet' }).first().click(),
  );
  await userLoad.held();
  await page.clock.setFixedTime((await createdAt) + 42_000);
  await userLoad.release();
  await expect(page).toHaveURL(/\/create-profile$/, { timeout: 60_000 });
  await expect(page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' })).toBeVisible();
  // The dialogs' code is loaded (the Logout confirmation, cancelled): a welcome would be on screen by now.
  await page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
