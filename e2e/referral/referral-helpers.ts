import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_URL, SAAS_ID, sessionJwt } from '../support/login';

/** The web origin under test (E2E_WEB_URL, the config's baseURL). */
export function webOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('no baseURL configured');
  return new URL(baseURL).origin;
}

/** `GET /customer/invite` with the session of `context`, as the API answers it. */
export async function fetchReferralInfo(context: BrowserContext): Promise<{
  inviteCode: string;
  selectedInviteCode?: string | null;
  invitedMap: Record<string, { count: number }>;
}> {
  const response = await fetch(`${API_URL}/customer/invite`, {
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(context) },
  });
  const body = (await response.json()) as { success: boolean; obj: never };
  if (!body.success) throw new Error(`GET /customer/invite failed: ${JSON.stringify(body)}`);
  return body.obj;
}

/** The referral page's parts, found the way a person reads them. */
export function referralPage(page: Page) {
  return {
    referralLink: page.getByRole('status', { name: 'Invite link' }),
    inviteCode: page.getByRole('status', { name: 'Invite code' }),
    // The accessible name changes with the feedback ('Copy invite link' / 'Invite link copied').
    copyLinkButton: page.getByRole('button', { name: /invite link/i }),
    copyCodeButton: page.getByRole('button', { name: /invite code/i }),
    shareToX: page.getByRole('link', { name: 'Share to X' }),
    referrals: page.getByRole('region', { name: 'My referrals' }),
  };
}

/** Opens /referral and waits until the logged-in player's invite has loaded; answers what the page shows. */
export async function openReferralPage(page: Page): Promise<{ referralLink: string; inviteCode: string }> {
  await page.goto('/referral');
  const parts = referralPage(page);
  await expect(parts.inviteCode).toHaveText(/^[A-Z0-9]{6}$/, { timeout: 20_000 });
  return {
    referralLink: (await parts.referralLink.textContent()) ?? '',
    inviteCode: (await parts.inviteCode.textContent()) ?? '',
  };
}

/** A call of the API with the session of `context`, answering the envelope's payload (`obj` or `data`). */
async function callApi<T>(
  context: BrowserContext,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: {
      saas_id: SAAS_ID,
      jwt_token: await sessionJwt(context),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { success: boolean; obj?: unknown; data?: unknown };
  if (!answer.success) throw new Error(`${method} ${path} failed: ${JSON.stringify(answer)}`);
  return (answer.obj ?? answer.data) as T;
}

/**
 * The real activity a referral waits for (docs/economy.md), as the player's API calls: today's check-in (it pays the
 * 10 FishXP the bet takes), then a 10 FishXP bet in a race with time left to bet, then the close of that betting.
 */
export async function checkInAndPlayRace(context: BrowserContext): Promise<void> {
  await callApi<unknown>(context, 'POST', '/v2/tasks/checkin');
  type Progress = {
    serverTimeMs: number;
    round: { phase: string; terms: { roundId: string; tracks: string[]; timeline: { closesAtMs: number } } };
  };
  let progress: Progress | undefined;
  await expect
    .poll(
      async () => {
        progress = await callApi<Progress>(context, 'GET', '/games/battle/current/progress');
        const left = progress!.round.terms.timeline.closesAtMs - progress!.serverTimeMs;
        return progress!.round.phase === 'betting' && left > 3000;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  const { roundId, tracks, timeline } = progress!.round.terms;
  await callApi<unknown>(context, 'POST', `/games/battle/${roundId}/bets`, {
    currency: 'POINT',
    track: tracks[0],
    amount: '10',
    clientBetId: `referral-${Date.now()}`,
  });
  await expect
    .poll(
      async () => (await callApi<Progress>(context, 'GET', `/games/battle/${roundId}/progress`)).serverTimeMs,
      {
        timeout: 60_000,
        intervals: [1000],
      },
    )
    .toBeGreaterThanOrEqual(timeline.closesAtMs);
}

/** The REFERRED number of 'My referrals' after a reload of /referral. */
export async function referredAfterReload(page: Page): Promise<number> {
  await page.goto('/referral');
  const region = referralPage(page).referrals;
  await expect(region.getByText('REFERRED', { exact: true })).toBeVisible({ timeout: 20_000 });
  const text = (await region.getByTestId('referred-count').textContent()) ?? '';
  expect(text).toMatch(/^\d+$/);
  return Number(text);
}

/**
 * Records every (accessible name, visible text) state an element goes through, from now on, in the page itself: a
 * short-lived state such as the 1 s 'Copied' feedback is seen even when the test process is slow to look.
 */
export async function recordStates(element: Locator): Promise<() => Promise<string[]>> {
  await element.evaluate((node) => {
    const stateOf = () => `${node.getAttribute('aria-label') ?? ''} | ${(node.textContent ?? '').trim()}`;
    const seen = [stateOf()];
    new MutationObserver(() => {
      const now = stateOf();
      if (seen.at(-1) !== now) seen.push(now);
    }).observe(node, { subtree: true, childList: true, characterData: true, attributes: true });
    (node as unknown as { recordedStates: string[] }).recordedStates = seen;
  });
  return () =>
    element.evaluate((node) => [...(node as unknown as { recordedStates: string[] }).recordedStates]);
}
