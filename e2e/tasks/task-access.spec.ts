import { expect, type Page, test } from '@playwright/test';
import { API_URL, createProfile, registerNewPlayer, SAAS_ID, sessionJwt } from '../support/login';
import { openTasks, STAND_INS_URL, taskCard, toastWith, verify } from './task-helpers';

async function storedTaskCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies())
    .filter((cookie) => (cookie.name === 'ojo_task_id' || cookie.name === 'ojo_platform') && cookie.value)
    .map((cookie) => cookie.name);
}

/** The onboarding badge's progress as the badge series answers it for the page's player. */
async function onboardingProgress(page: Page): Promise<string> {
  const response = await fetch(`${API_URL}/v1/series/badge/OnboardingBadge`, {
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  const body = (await response.json()) as { obj: { nfts: { progress: { value: string }[] }[] } };
  return body.obj.nfts[0]?.progress[0]?.value ?? '';
}

const CONNECT_PAGES = [
  { code: 'subject_post_x', platform: 'Twitter', at: `${STAND_INS_URL}/x/` },
  { code: 'join_discord', platform: 'Discord', at: `${STAND_INS_URL}/discord/` },
  { code: 'connect_tg', platform: 'Telegram', at: `${STAND_INS_URL}/telegram/` },
] as const;

test('a connect page left without connecting: the task page resumes once, clears the stored task and stays (X, Discord, Telegram)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await registerNewPlayer(page);
  for (const { code, platform, at } of CONNECT_PAGES) {
    await test.step(platform, async () => {
      await openTasks(page);
      await verify(page, code);
      await expect(page).toHaveURL((url) => url.href.startsWith(at));
      expect(await storedTaskCookies(page)).toHaveLength(2);

      // Back without connecting: the stored task is tried once, then forgotten, and the player stays.
      await page.goBack();
      await expect(
        toastWith(page, `Verification Failed. Mostly due to ${platform} being delayed`),
      ).toBeVisible();
      await expect.poll(() => storedTaskCookies(page)).toEqual([]);
      await expect(page).toHaveURL(/\/game\/task$/);

      // A later visit finds nothing to resume: the card still offers Verify.
      await openTasks(page);
      await expect(taskCard(page, code).getByRole('button', { name: /^Verify/ })).toBeVisible();
      await expect(page).toHaveURL(/\/game\/task$/);
    });
  }
});

test('a player without a profile finds the way to Create profile: from home, the header and the task Go', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  // Somewhere else, then a reload: nothing remembers the login's redirect.
  await page.goto('/');
  const call = page.getByRole('link', { name: 'Create your profile' });
  await expect(call.first()).toBeVisible();
  await call.first().click();
  await expect(page).toHaveURL(/\/create-profile$/);

  await openTasks(page);
  const go = taskCard(page, 'osp_profile_create').getByRole('link', { name: /^Go/ });
  await expect(go).toHaveAttribute('href', '/create-profile');
  await go.click();
  await expect(page).toHaveURL(/\/create-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create profile' })).toBeVisible();

  // Once the profile exists, the call is gone.
  await createProfile(page);
  await expect(page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your profile' })).toHaveCount(0);
});

test('what the product already knows is done without a click: daily sign in, the profile, and the onboarding badge', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await openTasks(page);
  await expect(taskCard(page, 'sign_in')).toHaveAttribute('data-state', 'done');
  await expect(taskCard(page, 'sign_in').getByText('DONE (TODAY)')).toBeVisible();
  await expect(taskCard(page, 'osp_profile_create')).toHaveAttribute('data-state', 'todo');

  await page.goto('/create-profile');
  await createProfile(page);
  await openTasks(page);
  await expect(taskCard(page, 'osp_profile_create')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('header-balances').getByTestId('balance-POINT')).toHaveText('110');
  // The onboarding badge counts both tasks (sign in, profile) without a Verify.
  await expect.poll(() => onboardingProgress(page)).toBe('2');
});
