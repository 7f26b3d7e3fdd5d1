import { expect, test } from '@playwright/test';
import { collectBrowserErrors } from '../support/console-errors';
import { API_URL, createProfile, registerNewPlayer } from '../support/login';
import {
  CHANNEL,
  FRAME_ROUTES,
  GAME_URL,
  gameFrame,
  openGame,
  PRODUCT_NAME,
  WEB_ORIGIN,
  WEB_URL,
} from './game-helpers';

/**
 * product.md 2 Embedded game frame, on the real stack: the frame loads from the game origin and gets initGameData with the
 * session token; each navigate route name, an external URL, back, and each popup kind do what they say; a message
 * from another origin, or from another window of the game origin, changes nothing.
 */
/** Another site (the API's health page: it answers offline too), which the page must open in a new tab. */
const EXTERNAL_URL = `${API_URL}/healthz`;

test('the game frame gets the token, and the page carries out its navigate, back and popup actions', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const errors = collectBrowserErrors(page);
  await registerNewPlayer(page);
  await createProfile(page);

  const frame = await openGame(page);
  // A spectator until initGameData arrives; with its token the frame is the player's, and the race shows.
  await expect(frame.locator('main')).toHaveAttribute('data-session', 'player');
  await expect(
    frame.getByRole('region', { name: 'Place your bets' }).getByRole('group', { name: 'Currency' }),
  ).toBeVisible();

  for (const [name, path] of FRAME_ROUTES) {
    await frame.locator(`[data-route="${name}"]`).click();
    await expect(page).toHaveURL(new URL(path, WEB_URL).toString());
    if (path !== '/game') {
      await page.goBack();
      await expect(page).toHaveURL(`${WEB_URL}/game`);
    }
  }

  // A route with a query keeps its query.
  const game = await gameFrame(page);
  await game.evaluate(
    ({ channel, origin }) =>
      window.parent.postMessage(
        { channel, action: 'navigate', route: 'ranks', query: { tab: 'ojo' } },
        origin,
      ),
    { channel: CHANNEL, origin: WEB_ORIGIN },
  );
  await expect(page).toHaveURL(`${WEB_URL}/game/ranks?tab=ojo`);

  // back: the frame's back button returns to where the player came from.
  await page.goto('/game/task');
  const again = await openGame(page);
  await again.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`${WEB_URL}/game/task`);
  await page.goForward();
  const frameAgain = page.frameLocator(`iframe[title="${PRODUCT_NAME} race"]`);

  // An external http URL opens in a new tab; the page stays.
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    (await gameFrame(page)).evaluate(
      ({ channel, origin, url }) => window.parent.postMessage({ channel, action: 'navigate', url }, origin),
      { channel: CHANNEL, origin: WEB_ORIGIN, url: EXTERNAL_URL },
    ),
  ]);
  await expect.poll(() => tab.url()).toBe(EXTERNAL_URL);
  await tab.close();
  await expect(page).toHaveURL(`${WEB_URL}/game`);

  // popup: each kind opens its dialog over the race.
  const popups: ReadonlyArray<[button: string, title: string]> = [
    ['Check in', 'Daily check-in'],
    ['Game tasks', 'Game tasks'],
    ['Invite', 'Invite friends'],
  ];
  for (const [button, title] of popups) {
    await frameAgain.getByRole('button', { name: button, exact: true }).click();
    if (title === 'Daily check-in') {
      // The check-in screen itself, with its own reward popup on top (product.md 4: not checked in today).
      await expect(page.getByTestId('check-in-screen')).toBeVisible();
      await expect(page.getByTestId('coin-reward-popup')).toBeVisible();
    } else {
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      if (title === 'Invite friends')
        await expect(dialog.getByRole('status', { name: 'Invite link' })).toContainText('inviteCode=');
      if (title === 'Game tasks') {
        // The player's own tasks, as the task page lists them: the profile task is done without a Verify (the
        // profile exists, the server knows it); the X post stays to do, with its Verify.
        const tasks = dialog.getByRole('list', { name: 'Tasks' });
        await expect(tasks.locator('[data-task-code="osp_profile_create"]')).toHaveAttribute(
          'data-state',
          'done',
        );
        const postTask = tasks.locator('[data-task-code="subject_post_x"]');
        await expect(postTask).toHaveAttribute('data-state', 'todo');
        await expect(postTask.getByRole('button', { name: /^Verify/ })).toBeVisible();
      }
    }
    // Escape closes what is open, back to the race.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 1000 });
    }).toPass();
  }
  await expect(page).toHaveURL(`${WEB_URL}/game`);

  // A message from the page itself (another window than the frame) is ignored, even with the game origin's shape.
  await page.evaluate(
    (channel) => window.postMessage({ channel, action: 'navigate', route: 'coin' }, '*'),
    CHANNEL,
  );
  await page.evaluate(
    (channel) => window.postMessage({ channel, action: 'popup', kind: 'invite' }, '*'),
    CHANNEL,
  );

  // Another window of the game origin opens /game and posts to it: not the frame, so nothing happens.
  const gameTab = await context.newPage();
  await gameTab.goto(GAME_URL);
  const [victim] = await Promise.all([
    context.waitForEvent('page'),
    gameTab.evaluate((url) => {
      (window as unknown as { victim: Window | null }).victim = window.open(url, '_blank');
    }, `${WEB_URL}/game`),
  ]);
  const victimFrame = victim.frameLocator(`iframe[title="${PRODUCT_NAME} race"]`);
  // A second window loads the whole page and its frame while the first keeps its socket: slow on a loaded runner.
  await expect(victimFrame.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await gameTab.evaluate(
    (channel) =>
      (window as unknown as { victim: Window }).victim.postMessage(
        { channel, action: 'navigate', route: 'coin' },
        '*',
      ),
    CHANNEL,
  );
  // Then a real action from its own frame: it is carried out, and the hostile one before it was not.
  await victimFrame.locator('[data-route="ranks"]').click();
  await expect(victim).toHaveURL(`${WEB_URL}/game/ranks`);
  await victim.goBack();
  await expect(victim).toHaveURL(`${WEB_URL}/game`);
  await victim.close();
  await gameTab.close();

  // Same on the player's page: after the ignored messages, no dialog, and the next real action works.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await frameAgain.locator('[data-route="ojoTickets"]').click();
  await expect(page).toHaveURL(`${WEB_URL}/game/tickets/ojo`);
  await page.goBack();
  await expect(page).toHaveURL(`${WEB_URL}/game`);
  expect(errors.list()).toEqual([]);
});

test('on a phone the game menu scrolls sideways and fades the end that has more chips', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(GAME_URL);
  const items = page.getByRole('navigation', { name: 'Game menu' }).locator('.menu__items');
  await expect(items.getByRole('button', { name: 'Race' })).toBeAttached();
  // At the start: more to the right only.
  await expect(items).toHaveAttribute('data-more-after', 'true');
  await expect(items).not.toHaveAttribute('data-more-before', /.*/);
  // In the middle: both ends fade.
  await items.evaluate((element) => element.scrollTo({ left: 60 }));
  await expect(items).toHaveAttribute('data-more-before', 'true');
  await expect(items).toHaveAttribute('data-more-after', 'true');
  // At the end: more to the left only, and the last chip is whole on screen.
  await items.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(items).not.toHaveAttribute('data-more-after', /.*/);
  await expect(items).toHaveAttribute('data-more-before', 'true');
  await expect(items.getByRole('button', { name: 'Race' })).toBeInViewport({ ratio: 0.99 });

  // On a wide screen the chips wrap: nothing is hidden, nothing fades.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(items).not.toHaveAttribute('data-more-after', /.*/);
  await expect(items).not.toHaveAttribute('data-more-before', /.*/);
});
