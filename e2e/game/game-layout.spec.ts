import { expect, type Page, test } from '@playwright/test';
import { API_URL, createProfile, registerNewPlayer, SAAS_ID, sessionJwt } from '../support/login';
import { gameFrame, openGame } from './game-helpers';

/**
 * The race on a phone (390 px): one scroll, not a scrolling frame inside a scrolling page; once the player bets
 * (the bet panel sits below the race there) the race is back in view; and the bet reads in words in the balances
 * menu, never as the ledger's code.
 */
const PHONE = { width: 390, height: 844 };

async function checkIn(page: Page) {
  const response = await fetch(`${API_URL}/v2/tasks/checkin`, {
    method: 'POST',
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  expect(response.ok).toBe(true);
}

/** Whether the page scrolls, and whether the frame's document scrolls inside it. */
async function scrollers(page: Page) {
  const pageScrolls = await page.evaluate(
    () => document.documentElement.scrollHeight > window.innerHeight + 1,
  );
  const frameScrolls = await (await gameFrame(page)).evaluate(
    () => document.documentElement.scrollHeight > window.innerHeight + 1,
  );
  return { pageScrolls, frameScrolls };
}

test('at 390 px the race page scrolls once, and after a bet the race is in view', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE);
  await registerNewPlayer(page);
  await createProfile(page);
  await checkIn(page);

  const frame = await openGame(page);
  await page.reload();
  await expect(frame.locator('main')).toHaveAttribute('data-session', 'player', { timeout: 30_000 });
  const phase = frame.locator('[data-phase]');
  await expect(phase).toBeVisible({ timeout: 60_000 });

  const layout = await scrollers(page);
  expect.soft(layout.frameScrolls && layout.pageScrolls, JSON.stringify(layout)).toBe(false);
  expect
    .soft(await page.evaluate(() => document.documentElement.scrollWidth), 'page width')
    .toBeLessThanOrEqual(PHONE.width);

  // A fresh betting phase, so there is time to bet.
  const shownRound = await phase.getAttribute('data-round-id');
  await expect
    .poll(async () => (await phase.getAttribute('data-round-id')) !== shownRound, { timeout: 120_000 })
    .toBe(true);
  await expect(phase).toHaveAttribute('data-phase', 'betting', { timeout: 30_000 });
  const panel = frame.getByRole('region', { name: 'Place your bets' });
  await panel.getByRole('button', { name: 'FishXP', exact: true }).click();
  const pick = panel
    .getByRole('group', { name: /Tracks/ })
    .getByRole('button')
    .first();
  if ((await pick.getAttribute('aria-pressed')) !== 'true') await pick.click();
  await panel.getByRole('button', { name: /^Bet / }).click();
  await expect(panel.getByRole('status')).toBeVisible({ timeout: 30_000 });

  // The race lanes, on the phone's screen (boxes are in the page's viewport, through the frame).
  const lanes = frame.getByRole('list', { name: 'Race lanes' });
  await expect
    .configure({ soft: true })
    .poll(
      async () => {
        const box = await lanes.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await page.screenshot({ path: testInfo.outputPath('race-after-bet-390.png') });

  // The bet in the balances menu, in words.
  await page.getByTestId('header-balances').click();
  const menu = page.getByRole('dialog', { name: 'Your balances' });
  const entries = menu.getByTestId('ledger-entry');
  await expect(entries.filter({ hasText: 'Daily check-in' })).toHaveCount(1);
  await expect.soft(entries.filter({ hasText: 'Race bet' })).toHaveCount(1);
  for (const text of await entries.allTextContents()) expect.soft(text).not.toMatch(/game\.|[a-z]_[a-z]/);
  await page.screenshot({ path: testInfo.outputPath('balances-menu-390.png') });
});
