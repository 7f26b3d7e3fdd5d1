import { expect, type Page, test } from '@playwright/test';
import {
  createProfile,
  LOGIN_BUTTON_NAME,
  loginWithHeldAccount,
  logout,
  registerNewPlayer,
  smartAccountOf,
} from '../support/login';
import {
  checkInAndPlayRace,
  fetchReferralInfo,
  openReferralPage,
  referralPage,
  referredAfterReload,
} from './referral-helpers';

/**
 * product.md 2 Referral ('My referrals' count labelled REFERRED), product.md 2 Home (referral entry), product.md 7 POST /customer/login
 * with inviteCode and sourceType: an invited player raises the referrer's REFERRED by exactly one once they really
 * played, a check-in and a bet in a race whose betting closed (docs/economy.md: registering and a profile cost nothing
 * and would be farmed), also when that player logs in again through the same link, and a player's own link never
 * counts for them.
 */

/** product.md 7: the login body's defaults, which the web sends itself. */
const LOGIN_DEFAULTS = {
  platform: 'osp',
  walletType: 'abstract',
  thirdAuthSource: 'OSP',
  channel: 'OSP',
  autoRegister: true,
};
/** The body of the page's next POST /customer/login (product.md 7: idToken, publicKey, inviteCode, sourceType, ...). */
async function loginBody(page: Page): Promise<unknown> {
  const request = await page.waitForRequest(
    (candidate) =>
      candidate.method() === 'POST' && new URL(candidate.url()).pathname.endsWith('/customer/login'),
    { timeout: 90_000 },
  );
  return request.postDataJSON();
}

test("an invited player raises the referrer's REFERRED by exactly one once they played, also when retried", async ({
  page: referrerPage,
  browser,
}) => {
  test.setTimeout(360_000);

  // The referrer: a new player whose REFERRED starts at 0.
  await registerNewPlayer(referrerPage);
  const { referralLink, inviteCode } = await openReferralPage(referrerPage);
  expect(await referredAfterReload(referrerPage)).toBe(0);

  // The friend, in their own browser, opens the invite link: the code is selected for the login.
  const friendContext = await browser.newContext();
  try {
    const friendPage = await friendContext.newPage();
    await friendPage.goto(referralLink);
    await expect(friendPage.getByLabel('Referral code')).toHaveValue(inviteCode);
    await expect(friendPage.getByText(`Code ${inviteCode} will be used when you log in.`)).toBeVisible();
    const firstLogin = loginBody(friendPage);
    await registerNewPlayer(friendPage, null);
    expect(await firstLogin).toMatchObject({ inviteCode, sourceType: 'web', ...LOGIN_DEFAULTS });
    const friendAccount = await smartAccountOf(friendContext);
    expect((await fetchReferralInfo(friendContext)).selectedInviteCode).toBe(inviteCode);

    // Registered, no profile yet: not counted, and the page says when a friend counts.
    expect(await referredAfterReload(referrerPage)).toBe(0);
    await expect(
      referralPage(referrerPage).referrals.getByText(
        'Friends count once they have checked in and played a race.',
      ),
    ).toBeVisible();
    // A profile alone does not count either.
    await createProfile(friendPage);
    expect(await referredAfterReload(referrerPage)).toBe(0);
    // A check-in and a bet in a race whose betting closed: counted once the round settles.
    await checkInAndPlayRace(friendContext);
    await expect.poll(() => referredAfterReload(referrerPage), { timeout: 60_000 }).toBe(1);

    // The friend logs out and back in with the same account through the invite link again: no second count.
    await logout(friendPage);
    await friendPage.goto(referralLink);
    await expect(friendPage.getByText(`Code ${inviteCode} will be used when you log in.`)).toBeVisible();
    const secondLogin = loginBody(friendPage);
    await loginWithHeldAccount(
      friendContext,
      () => friendPage.getByRole('button', { name: LOGIN_BUTTON_NAME }).first().click(),
      friendAccount,
    );
    // Logged in again, with a profile now. The account may still count as new (product.md 9: 30 s), so the welcome may
    // cover the page and hide it from role queries: look through it with a CSS locator.
    await expect(friendPage.locator('[data-testid="auth-slot"] button', { hasText: 'Logout' })).toBeVisible({
      timeout: 60_000,
    });
    // The login really carried the invite again, and it is the same player.
    expect(await secondLogin).toMatchObject({ inviteCode, sourceType: 'web', ...LOGIN_DEFAULTS });
    expect(await smartAccountOf(friendContext)).toBe(friendAccount);

    expect(await referredAfterReload(referrerPage)).toBe(1);
  } finally {
    await friendContext.close();
  }
});

test('a player who opens their own invite link and logs in again does not raise their own REFERRED', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  const account = await smartAccountOf(context);
  const { referralLink, inviteCode } = await openReferralPage(page);
  expect(await referredAfterReload(page)).toBe(0);

  await logout(page);
  await page.goto(referralLink);
  // Their own code is a real code, so it is selected for the login like anyone's.
  await expect(page.getByText(`Code ${inviteCode} will be used when you log in.`)).toBeVisible();
  const ownLogin = loginBody(page);
  await loginWithHeldAccount(
    context,
    () => page.getByRole('button', { name: LOGIN_BUTTON_NAME }).first().click(),
    account,
  );
  await expect(page).toHaveURL(/\/create-profile$/, { timeout: 60_000 });
  expect(await ownLogin).toMatchObject({ inviteCode, sourceType: 'web' });
  expect(await smartAccountOf(context)).toBe(account);

  expect(await referredAfterReload(page)).toBe(0);
  expect((await openReferralPage(page)).inviteCode).toBe(inviteCode);
  expect(await fetchReferralInfo(context)).toMatchObject({
    inviteCode,
    selectedInviteCode: null,
    invitedMap: {},
  });
});
