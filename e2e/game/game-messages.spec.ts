import { expect, type Page, test } from '@playwright/test';
import { collectBrowserErrors } from '../support/console-errors';
import { API_URL, createProfile, registerNewPlayer, SAAS_ID } from '../support/login';
import { CHANNEL, gameFrame, openGame, WEB_ORIGIN } from './game-helpers';

/**
 * product.md 7 /messages, product.md 8 'Share text unavailable: Falls back to built-in win and loss lines.' and product.md 9 'Share
 * text includes an @ mention, a product hashtag and $OJO.': the race share says what the player did in that round
 * (the coins picked, how many won), the race's own length, the brand's tags and the invite link, from a served line
 * or, when /messages fails, a built-in one. X itself is not reached: its intent page is answered locally.
 */
interface SharedRace {
  outcome: 'win' | 'loss';
  picked: number;
  hits: number;
  raceSeconds: number;
}

async function shareRace(page: Page, race: SharedRace): Promise<string> {
  const frame = await gameFrame(page);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    frame.evaluate(
      ({ channel, origin, race }) =>
        window.parent.postMessage(
          { channel, action: 'update', key: 'SHARE_RACE', share: { roundId: 'dash-1', ...race } },
          origin,
        ),
      { channel: CHANNEL, origin: WEB_ORIGIN, race },
    ),
  ]);
  await expect.poll(() => tab.url()).toContain('x.com/intent/tweet?');
  const text = new URL(tab.url()).searchParams.get('text') ?? '';
  await tab.close();
  return text;
}

/** The invite link of the player's share (a home link with the invite code and source type web). */
const INVITE_LINK = new RegExp(
  `${WEB_ORIGIN.replace(/[.:/]/g, '\\$&')}/\\?inviteCode=[A-Za-z0-9]{6}&sourceType=web`,
);

function expectBranded(text: string) {
  for (const part of ['@OJOArena', '#OJOArena', '$OJO']) expect(text).toContain(part);
}

test('the race share tells what the player called and the race’s length, with @, #, $OJO and the invite link', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = collectBrowserErrors(page);
  await page
    .context()
    .route('https://x.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>X</title>' }),
    );
  await registerNewPlayer(page);
  await createProfile(page);

  // Every served line carries the brand's mention, hashtag and $OJO, and says what the player called through {call}.
  const served = (await (await fetch(`${API_URL}/messages`, { headers: { saas_id: SAAS_ID } })).json()) as {
    data: { win: string[]; loss: string[] };
  };
  for (const line of [...served.data.win, ...served.data.loss]) {
    expectBranded(line);
    expect(line).toContain('{call}');
    expect(line).not.toMatch(/\b30 seconds\b|\bboth\b/);
  }

  await openGame(page);
  // One coin of two called right, in the e2e stack's 6-second race; each try opens and closes a tab.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const text = await shareRace(page, { outcome: 'win', picked: 2, hits: 1, raceSeconds: 6 });
    expect(text).toContain('I picked 2 coins and 1 of them won');
    expect(text).not.toMatch(/\b30\b|\bboth\b/);
    if (/\b6\b/.test(text)) expect(text).toMatch(/6[- ]second/);
    expect(text).toMatch(INVITE_LINK);
    expectBranded(text);
  }

  // /messages fails: the share still opens, from a built-in loss line, as complete.
  await page.route(`${API_URL}/messages`, (route) => route.abort());
  await page.reload();
  await openGame(page);
  const fallback = await shareRace(page, { outcome: 'loss', picked: 1, hits: 0, raceSeconds: 6 });
  expect(fallback).toContain('I picked 1 coin and it missed the top');
  expect(fallback).toMatch(INVITE_LINK);
  expectBranded(fallback);
  expect(errors.list().filter((error) => !error.includes('/messages'))).toEqual([]);
});
