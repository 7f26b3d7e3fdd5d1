import { buildReferralLink, buildShareText } from '@ojo/domain/share/share-text';
import { expect, type Page, test } from '@playwright/test';
import { fontDependentTexts } from '../support/glyphs';
import { registerNewPlayer } from '../support/login';
import {
  fetchReferralInfo,
  openReferralPage,
  recordStates,
  referralPage,
  webOrigin,
} from './referral-helpers';

/**
 * product.md 2 Referral and product.md 9 (copy feedback, share text), against the whole stack: a new player's own invite link
 * and code from GET /customer/invite, copied through the browser's clipboard, and the Share to X intent link.
 */

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webOrigin() });
});

test('a logged-in player sees their invite link and 6-character code, and each Copy copies it with a passing Copied', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await registerNewPlayer(page);
  const shown = await openReferralPage(page);
  const parts = referralPage(page);

  // The code is the player's own (as the API knows it), and the link is the home page's referral entry for it.
  const { inviteCode } = await fetchReferralInfo(context);
  expect(inviteCode).toMatch(/^[A-Z0-9]{6}$/);
  expect(shown.inviteCode).toBe(inviteCode);
  expect(shown.referralLink).toBe(`${webOrigin()}/?inviteCode=${inviteCode}&sourceType=web`);
  await expect(page.getByText("We're cooking up something special for referrers. More soon!")).toBeVisible();
  // Icons ship with the app (Debian's Chromium has no emoji font): each copy button's mark is an SVG.
  await expect(parts.copyLinkButton.locator('svg')).toHaveCount(1);
  await expect(parts.copyCodeButton.locator('svg')).toHaveCount(1);
  expect(await fontDependentTexts(page)).toEqual([]);

  // Something else is on the clipboard first, so what a Copy puts there is really its own doing.
  await page.evaluate(() => navigator.clipboard.writeText('before'));

  for (const { button, idleName, copiedName, expected } of [
    {
      button: parts.copyLinkButton,
      idleName: 'Copy invite link',
      copiedName: 'Invite link copied',
      expected: shown.referralLink,
    },
    {
      button: parts.copyCodeButton,
      idleName: 'Copy invite code',
      copiedName: 'Invite code copied',
      expected: inviteCode,
    },
  ]) {
    await expect(button).toHaveAccessibleName(idleName);
    await expect(button).toHaveText(/^\W*Copy$/);
    const states = await recordStates(button);
    await button.click();
    await expect.poll(() => readClipboard(page)).toBe(expected);
    // The feedback came and went again: idle, 'Copied', idle; the button is back to 'Copy'.
    await expect(button).toHaveAccessibleName(idleName);
    await expect(button).toHaveText(/^\W*Copy$/);
    const idle = `${idleName} | ${(await button.textContent())?.trim()}`;
    // Polled: the feedback is a render after the copy, which a busy machine can paint after the checks above.
    await expect
      .poll(states)
      .toEqual([idle, expect.stringMatching(new RegExp(`^${copiedName} \\| \\W*Copied$`)), idle]);
  }
});

test('Share to X is an X intent link whose text has the @ mention, the hashtag, $OJO and the invite link', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await registerNewPlayer(page);
  const { referralLink, inviteCode } = await openReferralPage(page);
  const share = referralPage(page).shareToX;

  const href = (await share.getAttribute('href')) ?? '';
  const url = new URL(href);
  expect(['x.com', 'twitter.com']).toContain(url.hostname);
  expect(url.pathname).toBe('/intent/tweet');
  const text = url.searchParams.get('text') ?? '';
  expect(text).toMatch(/(^|\s)@[A-Za-z0-9_]+/);
  expect(text).toContain('#OJOArena');
  expect(text).toContain('$OJO');
  expect(text).toContain(`${webOrigin()}/?inviteCode=${inviteCode}&sourceType=web`);
  // Exactly what the domain's share text builds for this player's code (brand defaults: @OJOArena, #OJOArena).
  expect(text).toBe(
    buildShareText({
      mention: 'OJOArena',
      hashtag: 'OJOArena',
      referralLink: buildReferralLink(webOrigin(), inviteCode),
      productName: 'OJO Arena',
    }),
  );
  expect(text).toContain(referralLink);

  // Following the link opens the intent in a new tab (X itself is answered locally: no internet here).
  await context.route('https://x.com/**', (route) => route.fulfill({ contentType: 'text/html', body: 'X' }));
  const [tab] = await Promise.all([context.waitForEvent('page'), share.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(href);
});
