import { expect, type Page, test } from '@playwright/test';
import { collectBrowserErrors } from '../support/console-errors';
import { API_URL, createProfile, registerNewPlayer, SAAS_ID, sessionJwt } from '../support/login';
import { openGame } from './game-helpers';

/**
 * The coin race on the real stack (issue: "a player opens /game; the frame loads from the game origin and receives
 * initGameData; the player bets on two tracks, watches the race, sees the result, and the balance changes by
 * exactly the settled amount"). The stack under test runs short phases and a small point stake (scripts/test.mjs),
 * so a new player's check-in reward is enough for two bets.
 */

async function api<T>(page: Page, method: string, path: string): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  const body = (await response.json()) as { success: boolean; obj?: T; data?: T };
  if (!body.success) throw new Error(`${method} ${path} failed: ${JSON.stringify(body)}`);
  return (body.obj ?? body.data) as T;
}

/** The published round (GET /games/battle/{id}/verify) once it is settled or void; null while it is not. */
async function publishedRound(page: Page, roundId: string): Promise<PublishedRound | null> {
  const response = await fetch(`${API_URL}/games/battle/${roundId}/verify`, {
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  // A game call: the `{success, code, message, data}` envelope.
  const body = (await response.json()) as { success: boolean; code?: string; data?: PublishedRound };
  if (body.success && body.data) return body.data;
  if (body.code === 'GAME_ROUND_NOT_SETTLED') return null;
  throw new Error(`verify ${roundId} failed: ${JSON.stringify(body)}`);
}

interface PublishedRound {
  bets: { betId: string; currency: string; track: string; amount: string }[];
  payouts: { betId: string; currency: string; amount: string }[];
  refunds: { betId: string; currency: string; amount: string }[];
  outcome: { kind: string; winners?: string[] };
}

/** The round's settled state, as published (polled: it exists only once the round is settled or void). */
async function settledRoundOf(page: Page, roundId: string): Promise<PublishedRound> {
  let published: PublishedRound | null = null;
  await expect
    .poll(
      async () => {
        published = await publishedRound(page, roundId);
        return published !== null;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  return published as unknown as PublishedRound;
}

test('a player bets on two tracks, watches the race and the result, and the balance moves by exactly the settlement', async ({
  page,
}, testInfo) => {
  test.setTimeout(420_000);
  const errors = collectBrowserErrors(page);
  await registerNewPlayer(page);
  await createProfile(page);
  // The daily check-in pays the new player's first points.
  await api(page, 'POST', '/v2/tasks/checkin');
  const header = page.getByTestId('header-balances');
  const pointBalance = async () =>
    BigInt((await header.getByTestId('balance-POINT').textContent())?.replace(/,/g, '') ?? '0');

  // The frame loads from the game origin; initGameData makes it the player's (a spectator has no bet panel).
  const frame = await openGame(page);
  await page.reload();
  await expect(frame.locator('main')).toHaveAttribute('data-session', 'player', { timeout: 30_000 });
  await expect(header.getByTestId('balance-POINT')).toHaveText(/^[1-9][\d,]*$/);
  const before = await pointBalance();
  expect(before).toBeGreaterThan(0n);

  const phase = frame.locator('[data-phase]');
  await expect(phase).toBeVisible({ timeout: 60_000 });
  const panel = frame.getByRole('region', { name: 'Place your bets' });
  // What the game moved in the player's points over every round played here (stakes out, payouts/refunds in).
  let gameNet = 0n;
  let settled = false;
  let rewardNoticed = false;
  // A void round (stale feed) refunds exactly and is shown as void; then the player plays the next round, until
  // one settles with a payout or a loss (the e2e stack's snapshot deadline makes a void rare).
  for (let attempt = 1; attempt <= 3 && !settled; attempt += 1) {
    // A fresh betting phase: wait out the round on screen, so there is time to bet.
    const shownRound = await phase.getAttribute('data-round-id');
    await expect
      .poll(async () => (await phase.getAttribute('data-round-id')) !== shownRound, { timeout: 120_000 })
      .toBe(true);
    await expect(phase).toHaveAttribute('data-phase', 'betting', { timeout: 30_000 });
    const roundId = (await phase.getAttribute('data-round-id')) ?? '';
    const balanceBefore = await pointBalance();

    // Points, the minimum stake, two tracks.
    const fishXp = panel.getByRole('button', { name: 'FishXP', exact: true });
    const balance = panel.getByTestId('bet-balance');
    if (attempt === 1) {
      // A new player has no OJO: the panel starts on points, with the points balance the header shows.
      await expect(fishXp).toHaveAttribute('aria-pressed', 'true');
      await expect(balance).toHaveText(`Balance: ${balanceBefore.toLocaleString('en-US')} FishXP`);
    }
    await fishXp.click();
    await expect(fishXp).toHaveAttribute('aria-pressed', 'true');
    const stake = BigInt((await panel.getByRole('textbox').inputValue()) || '0');
    expect(stake).toBeGreaterThan(0n);
    expect(stake * 2n).toBeLessThanOrEqual(balanceBefore);
    const picks = panel.getByRole('group', { name: /Tracks/ }).getByRole('button');
    const tracks = [
      (await picks.nth(0).getAttribute('data-track')) ?? '',
      (await picks.nth(1).getAttribute('data-track')) ?? '',
    ];
    try {
      for (const index of [0, 1]) {
        if ((await picks.nth(index).getAttribute('aria-pressed')) !== 'true') {
          await picks.nth(index).click({ timeout: 10_000 });
        }
        await expect(picks.nth(index)).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 });
      }
      await panel.getByRole('button', { name: /^Bet / }).click({ timeout: 10_000 });
    } catch (error) {
      // A slow machine can spend the betting phase before the bet is sent: the picks are disabled and the button
      // says betting is closed. Nothing was staked; play the next round. Any other failure is the test's.
      const stillBetting =
        (await phase.getAttribute('data-round-id')) === roundId &&
        (await phase.getAttribute('data-phase')) === 'betting';
      if (stillBetting) throw error;
      continue;
    }
    await expect(panel.getByRole('status').or(panel.getByRole('alert'))).toBeVisible({ timeout: 30_000 });
    if (await panel.getByRole('alert').isVisible()) {
      // On a slow machine betting can close before the first or the second bet reaches the API: what was staked
      // (0 or 1 bet) is settled like any bet and counted in the game's moves, then the next round is played;
      // `settled` must still become true.
      const placedIds = await frame
        .getByTestId('my-bet')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-bet-id') ?? ''));
      if (placedIds.length > 0) {
        const settledRound = await settledRoundOf(page, roundId);
        gameNet +=
          [...settledRound.payouts, ...settledRound.refunds]
            .filter((transfer) => placedIds.includes(transfer.betId))
            .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n) -
          BigInt(placedIds.length) * stake;
      }
      continue;
    }
    await expect(panel.getByRole('status')).toHaveText('2 bets placed.');
    const myBets = frame.getByTestId('my-bet');
    await expect(myBets).toHaveCount(2);
    const myBetIds = new Set(
      await myBets.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-bet-id') ?? '')),
    );
    expect([...myBetIds].every(Boolean)).toBe(true);
    // The stake left the balance at once, and the page's header shows it (the frame's post action).
    await expect(header.getByTestId('balance-POINT')).toHaveText(
      (balanceBefore - 2n * stake).toLocaleString('en-US'),
    );
    // The panel's balance is read again after the bet.
    await expect(balance).toHaveText(
      `Balance: ${(balanceBefore - 2n * stake).toLocaleString('en-US')} FishXP`,
    );
    if (attempt === 1) await page.screenshot({ path: testInfo.outputPath('race-betting-1440.png') });

    // The race: the coins move by their live change (unless the feed already went stale and voided the round).
    await expect(phase).not.toHaveAttribute('data-phase', 'betting', { timeout: 60_000 });
    if (
      (await phase.getAttribute('data-phase')) === 'racing' &&
      (await phase.getAttribute('data-round-id')) === roundId
    ) {
      for (const track of tracks)
        await expect(frame.locator(`li.lane[data-track="${track}"]`)).toHaveClass(/lane--mine/);
      await expect(frame.getByTestId(`change-${tracks[0]}`)).toHaveText(/^[+-]?\d+\.\d{2}%$/);
      if (attempt === 1) await page.screenshot({ path: testInfo.outputPath('race-racing-1440.png') });
    }

    const round = await settledRoundOf(page, roundId);
    const mine = round.bets.filter((bet) => myBetIds.has(bet.betId));
    expect(mine.map((bet) => [bet.currency, bet.amount, bet.track]).sort()).toEqual(
      tracks.map((track) => ['POINT', stake.toString(), track]).sort(),
    );
    const returned = [...round.payouts, ...round.refunds]
      .filter((transfer) => myBetIds.has(transfer.betId))
      .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n);
    const isVoid = round.outcome.kind === 'void';
    if (isVoid) expect(returned).toBe(2n * stake);
    else {
      const winners = round.outcome.winners ?? [];
      expect(winners.length).toBeGreaterThanOrEqual(2);
      const winningStake = tracks.filter((track) => winners.includes(track)).length > 0;
      if (!winningStake) expect(returned).toBe(0n);
    }
    gameNet += returned - 2n * stake;

    // The screen shows the round as the API settled it: void with the refund, or the winners and the payout.
    // (The result stays on screen as the last round's while the next one takes bets.)
    const result = frame.locator(`[data-testid="result"][data-round-id="${roundId}"]`);
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result).toHaveAttribute('data-outcome', isVoid ? 'void' : 'settled');
    if (isVoid) await expect(result).toContainText('refunded in full');
    else for (const winner of round.outcome.winners ?? []) await expect(result).toContainText(winner);
    await expect(result.getByTestId('payout-POINT')).toContainText('FishXP');
    await expect
      .poll(async () =>
        BigInt(((await result.getByTestId('payout-POINT').textContent()) ?? '').replace(/\D/g, '')),
      )
      .toBe(returned);
    if (!isVoid) await page.screenshot({ path: testInfo.outputPath('race-result-1440.png') });

    // The ledger: the game moved the points by exactly the stakes out and what the rounds paid back (playing
    // may also complete a task, whose reward is its own entry); the header shows the ledger's balance.
    const user = await api<{ id: string }>(page, 'GET', '/customer');
    const ledger = await api<{ available: string; pointLedgers: { amount: string; description: string }[] }>(
      page,
      'GET',
      `/member/points/ledgers/${user.id}?offset=0&limit=100&assetType=POINT`,
    );
    const gameMoves = ledger.pointLedgers
      .filter((entry) => entry.description.startsWith('game.'))
      .reduce((sum, entry) => sum + BigInt(entry.amount), 0n);
    expect(gameMoves).toBe(gameNet);
    const otherMoves = ledger.pointLedgers
      .filter((entry) => !entry.description.startsWith('game.'))
      .reduce((sum, entry) => sum + BigInt(entry.amount), 0n);
    expect(BigInt(ledger.available)).toBe(otherMoves + gameMoves);
    // The header moved by exactly the settlement (the payout message refreshes it; a loss moved it at the bet).
    // Playing also completes task 411004, whose reward a job credits after settlement; the game socket's `balance`
    // message then refreshes the header too, so without a reload it comes to the ledger's balance.
    const settledBalance = balanceBefore - 2n * stake + returned;
    // The task reward may be credited at any moment meanwhile, so the ledger is read again on each look.
    await expect
      .poll(async () => {
        const shown = await pointBalance();
        const now = await api<{ available: string }>(
          page,
          'GET',
          `/member/points/ledgers/${user.id}?offset=0&limit=1&assetType=POINT`,
        );
        return [settledBalance, BigInt(now.available)].includes(shown);
      })
      .toBe(true);
    await expect
      .poll(
        async () => {
          const now = await api<{ available: string }>(
            page,
            'GET',
            `/member/points/ledgers/${user.id}?offset=0&limit=1&assetType=POINT`,
          );
          return (await pointBalance()) === BigInt(now.available);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // The frame says what the play task credited, once, on the player's first round of the day.
    if (!rewardNoticed) {
      await expect(frame.getByTestId('task-reward-notice')).toContainText(
        'Daily task done: Play a game, +20 FishXP',
        {
          timeout: 30_000,
        },
      );
      rewardNoticed = true;
    }
    // Reloaded, the header reads the ledger's balance.
    await page.reload();
    const latest = await api<{ available: string }>(
      page,
      'GET',
      `/member/points/ledgers/${user.id}?offset=0&limit=1&assetType=POINT`,
    );
    await expect(header.getByTestId('balance-POINT')).toHaveText(
      BigInt(latest.available).toLocaleString('en-US'),
    );
    await expect(phase).toBeVisible({ timeout: 60_000 });
    settled = !isVoid;
  }
  expect(settled).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('race-result-390.png'), fullPage: true });

  // The round moves to the history with its verify link: the verify page recomputes it in the browser from the
  // published data and says it matches the stored result.
  const history = frame.getByRole('region', { name: 'Past rounds' });
  await expect(history.getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });
  const [verifyTab] = await Promise.all([
    page.context().waitForEvent('page'),
    history.getByRole('button', { name: 'Verify' }).first().click(),
  ]);
  await expect(verifyTab).toHaveURL(/\/game\/verify\/dash-\d+$/);
  const verdict = verifyTab.getByTestId('verify-verdict');
  await expect(verdict).toHaveAttribute('data-matches', 'true', { timeout: 30_000 });
  await expect(verdict).toContainText('matches the stored result');
  await expect(verifyTab.getByTestId('verify-commitment')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(verifyTab.getByTestId('verify-seed')).toHaveText(/^[0-9a-f]{64}$/);
  // On a 390 px phone the page itself never scrolls sideways: the wide tables scroll inside their own box.
  await verifyTab.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() =>
      verifyTab.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth - root.clientWidth;
      }),
    )
    .toBeLessThanOrEqual(0);
  for (const box of await verifyTab.getByTestId('verify-table-scroll').all()) {
    expect(await box.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
  }
  await verifyTab.screenshot({ path: testInfo.outputPath('race-verify-390.png'), fullPage: true });
  await verifyTab.close();
  expect(errors.list()).toEqual([]);
});
