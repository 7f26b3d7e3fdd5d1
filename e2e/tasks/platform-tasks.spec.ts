import { expect, test } from '@playwright/test';
import { registerNewPlayer } from '../support/login';
import {
  actAsNewUser,
  openTasks,
  STAND_INS_URL,
  taskCard,
  toastWith,
  uniqueUsername,
  verify,
} from './task-helpers';

const DONE = 'DONE';

test('X: verify sends the player to X (100020), they authorize, come back, post the required text and the task is done', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await openTasks(page);
  const card = taskCard(page, 'subject_post_x');
  await expect(card).toHaveAttribute('data-state', 'todo');
  await expect(card.getByText('+100 FishXP')).toBeVisible();

  await verify(page, 'subject_post_x');
  // 100020: the task id and platform are stored for 2 days, then the provider's connect page.
  await expect(page).toHaveURL(new RegExp(`^${STAND_INS_URL}/x/i/oauth2/authorize\\?`));
  const cookies = await page.context().cookies();
  const taskCookie = cookies.find((cookie) => cookie.name === 'ojo_task_id');
  expect(taskCookie?.value).toBe('411005');
  expect(cookies.find((cookie) => cookie.name === 'ojo_platform')?.value).toBe('twitter');
  expect((taskCookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);

  const username = uniqueUsername('x');
  await actAsNewUser(page, username, /^Authorize app as the new user$/);
  // Back on the task page, the task resumes: X is connected, but there is no post yet (product.md 8 'other').
  await expect(page).toHaveURL(/\/game\/task$/);
  await expect(
    toastWith(
      page,
      'Verification Failed. Mostly due to Twitter being delayed, please try again after 30 seconds',
    ),
  ).toBeVisible();
  expect(
    (await page.context().cookies()).some((cookie) => cookie.name === 'ojo_task_id' && cookie.value),
  ).toBe(false);

  // Go opens X's composer with the required text; the player posts it.
  const [composer] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('link', { name: /^Go/ }).click(),
  ]);
  // The post: the required text and link, the player's invite link, the @ mention, the hashtag and $OJO.
  const composed = composer.getByRole('textbox', { name: 'What is happening?' });
  await expect(composed).toHaveValue(/#OJOArena/);
  await expect(composed).toHaveValue(/(^|\s)@OJOArena(\s|$)/);
  await expect(composed).toHaveValue(/\$OJO/);
  await expect(composed).toHaveValue(/\/\?inviteCode=[A-Za-z0-9]{6}&sourceType=web/);
  await composer.getByRole('button', { name: `Post as @${username}` }).click();
  await expect(composer.getByRole('heading', { name: 'Your post was sent' })).toBeVisible();
  await composer.close();

  await verify(page, 'subject_post_x');
  await expect(card).toHaveAttribute('data-state', 'done');
  await expect(card.getByText(DONE, { exact: true })).toBeVisible();
});

test('X: an account another player bound answers 100023 with its text', async ({ browser }) => {
  test.setTimeout(240_000);
  const username = uniqueUsername('xs');
  for (const [index, expected] of [
    [0, null],
    [1, 'This Twitter has been bound to another account. Please use another Twitter to complete the task.'],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await registerNewPlayer(page);
    await openTasks(page);
    await verify(page, 'subject_post_x');
    await expect(page).toHaveURL(new RegExp(`^${STAND_INS_URL}/x/`));
    if (index === 0) await actAsNewUser(page, username, /^Authorize app as the new user$/);
    else await page.getByRole('button', { name: `Authorize app as @${username}` }).click();
    await expect(page).toHaveURL(/\/game\/task$/);
    if (expected) await expect(toastWith(page, expected)).toBeVisible();
    else await expect(toastWith(page, 'Mostly due to Twitter being delayed')).toBeVisible();
    await context.close();
  }
});

test('Telegram: Start on the bot link binds the player, joining the channel completes the task', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await openTasks(page);
  await verify(page, 'connect_tg');
  await expect(page).toHaveURL(new RegExp(`^${STAND_INS_URL}/telegram/t\\.me/\\w+\\?start=[\\w-]+$`));
  const username = uniqueUsername('tg');
  await actAsNewUser(page, username, /^Start as the new user$/);
  await expect(page.getByText('The bot received your start.')).toBeVisible();

  // The player comes back to the app: the task resumes; they are bound but not in the channel yet.
  await openTasks(page);
  await expect(
    toastWith(
      page,
      'Verification Failed. Mostly due to Telegram being delayed, please try again after 30 seconds',
    ),
  ).toBeVisible();
  const card = taskCard(page, 'connect_tg');
  const [channel] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('link', { name: /^Go/ }).click(),
  ]);
  await channel.getByRole('button', { name: `Join channel as @${username}` }).click();
  await expect(channel.getByText(`@${username} joined the channel.`)).toBeVisible();
  await channel.close();

  await verify(page, 'connect_tg');
  await expect(card).toHaveAttribute('data-state', 'done');
});

test('Discord: connect with Discord, join the server, the task is done', async ({ page }) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await openTasks(page);
  await verify(page, 'join_discord');
  await expect(page).toHaveURL(new RegExp(`^${STAND_INS_URL}/discord/oauth2/authorize\\?`));
  const username = uniqueUsername('dc');
  await actAsNewUser(page, username, /^Authorize as the new user$/);
  await expect(page).toHaveURL(/\/game\/task$/);
  await expect(toastWith(page, 'Mostly due to Discord being delayed')).toBeVisible();

  const card = taskCard(page, 'join_discord');
  const [invite] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('link', { name: /^Go/ }).click(),
  ]);
  await invite.getByRole('button', { name: `Accept invite as @${username}` }).click();
  await expect(invite.getByText(`@${username} joined the server.`)).toBeVisible();
  await invite.close();

  await verify(page, 'join_discord');
  await expect(card).toHaveAttribute('data-state', 'done');
});
