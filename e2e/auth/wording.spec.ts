import { expect, test } from '@playwright/test';
import { apiCall, holdRequests } from '../support/hold';
import { createProfile, LOGIN_BUTTON_NAME, registerNewPlayer } from '../support/login';
import { openTasks } from '../tasks/task-helpers';

test('a logged-in player never sees a login button, not even while the page starts; the hero offers the way on', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerNewPlayer(page);
  await createProfile(page);

  // Records whether a login button was ever on screen, from the page's first frame on (checked before each paint:
  // the prerendered landing page carries the logged-out hero's button, hidden for a session before it paints).
  await page.addInitScript((name) => {
    const check = () => {
      const seen = [...document.querySelectorAll('button')].some(
        (button) => button.textContent?.trim() === name && button.checkVisibility(),
      );
      if (seen) (window as unknown as { sawLogin: boolean }).sawLogin = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, LOGIN_BUTTON_NAME);

  const sawLogin = () => page.evaluate(() => (window as unknown as { sawLogin?: boolean }).sawLogin ?? false);
  await page.goto('/referral');
  await expect(page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await sawLogin()).toBe(false);

  // The session's user is held: the hero shows what it shows before it knows the player.
  const userLoad = await holdRequests(page, apiCall('GET', '/customer'));
  await page.goto('/');
  await userLoad.held();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to OJO Arena' })).toBeVisible();
  await expect(page.getByRole('button', { name: LOGIN_BUTTON_NAME })).toHaveCount(0);
  await userLoad.release();

  const hero = page.getByRole('region', { name: 'Welcome to OJO Arena' });
  await expect(hero.getByRole('link', { name: 'Play now' })).toHaveAttribute('href', '/game');
  await expect(hero.getByRole('link', { name: 'Start earning' })).toHaveAttribute('href', '/game/task');
  expect(await sawLogin()).toBe(false);
});

test('the task page says how the race is won: the top 2 coins', async ({ page }) => {
  test.setTimeout(120_000);
  await registerNewPlayer(page);
  await openTasks(page);
  const game = page.getByRole('region', { name: 'Race the market' });
  await expect(game).toContainText('the top 2 of 5 win');
  await expect(game).not.toContainText('Pick the coin that rises most');
});
