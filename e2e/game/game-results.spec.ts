import { readFileSync } from 'node:fs';
import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { collectBrowserErrors } from '../support/console-errors';
import { API_URL, createProfile, registerNewPlayer, SAAS_ID, sessionJwt } from '../support/login';
import { openGame } from './game-helpers';

/**
 * What a player sees of a round's money and fairness on the real stack (short phases, a small point stake,
 * scripts/test.mjs): a pool carried over from a round with no winning bet shows in the next round's pool (the bet
 * panel and the prize-pool page); each result shows the net per currency and its multiplier, a pick that won but
 * paid back less than it cost is no win, and past rounds show the player's own results; the frame shows the round's
 * commitment and fee while betting is open, and the verify view shows the books and the raw round document.
 *
 * Nobody chooses the winners (the market is the seeded simulator), so the first test plays rounds until it has seen
 * both a carried pool and a winning pick at a net loss or break-even: one pick per round until a round carries
 * (3 in 5 rounds do), then two picks (with nobody else betting, a winning pick pays the pool less the fee).
 */

test.use({ viewport: { width: 1440, height: 900 } });

interface Progress {
  round: {
    commitment: string;
    phase: string;
    terms: { roundId: string; feeBps: number; carryIn: Record<'OJO' | 'POINT', string> };
    pools: Record<'OJO' | 'POINT', { stakes: string }>;
  };
}

interface Books {
  stakes?: string;
  carryIn: string;
  carryOut: string;
  fee?: string;
  remainder?: string;
}

interface PublishedRound {
  bets: { betId: string; currency: string; track: string; amount: string }[];
  payouts: { betId: string; currency: string; amount: string }[];
  refunds: { betId: string; currency: string; amount: string }[];
  outcome: { kind: string; winners?: string[]; currencies: Record<'OJO' | 'POINT', Books> };
}

async function gameCall<T>(page: Page, path: string): Promise<{ success: boolean; code?: string; data?: T }> {
  const response = await fetch(`${API_URL}${path}`, {
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  return (await response.json()) as { success: boolean; code?: string; data?: T };
}

async function progressOf(page: Page, roundId: string): Promise<Progress> {
  const body = await gameCall<Progress>(page, `/games/battle/${roundId}/progress`);
  if (!body.success || !body.data) throw new Error(`progress of ${roundId}: ${JSON.stringify(body)}`);
  return body.data;
}

/** The published round once it is settled or void (polled). */
async function settledRoundOf(page: Page, roundId: string): Promise<PublishedRound> {
  let published: PublishedRound | undefined;
  await expect
    .poll(
      async () => {
        const body = await gameCall<PublishedRound>(page, `/games/battle/${roundId}/verify`);
        if (body.success) published = body.data;
        else if (body.code !== 'GAME_ROUND_NOT_SETTLED') throw new Error(JSON.stringify(body));
        return published !== undefined;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  return published as PublishedRound;
}

const grouped = (value: bigint) => value.toLocaleString('en-US');
/** A net result as a player reads it: '+3', '−1', '0'. */
const signedNet = (net: bigint) => (net > 0n ? `+${grouped(net)}` : net < 0n ? `−${grouped(-net)}` : '0');
const multiplier = (staked: bigint, returned: bigint) => {
  const hundredths = (returned * 100n) / staked;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}×`;
};

/** Waits for a round that is new since `shownRound` to open for bets; answers its id. */
async function nextBettingRound(phase: Locator, shownRound: string | null): Promise<string> {
  await expect
    .poll(async () => (await phase.getAttribute('data-round-id')) !== shownRound, { timeout: 120_000 })
    .toBe(true);
  await expect(phase).toHaveAttribute('data-phase', 'betting', { timeout: 30_000 });
  return (await phase.getAttribute('data-round-id')) ?? '';
}

async function playerInGame(page: Page): Promise<FrameLocator> {
  await registerNewPlayer(page);
  await createProfile(page);
  const checkin = await fetch(`${API_URL}/v2/tasks/checkin`, {
    method: 'POST',
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  expect(checkin.ok).toBe(true);
  const frame = await openGame(page);
  await page.reload();
  await expect(frame.locator('main')).toHaveAttribute('data-session', 'player', { timeout: 30_000 });
  await expect(frame.locator('[data-phase]')).toBeVisible({ timeout: 60_000 });
  return frame;
}

/** Places `stake` FishXP on each of `picks` (lane indexes); false when betting closed before the bets were sent. */
async function betFishXp(
  frame: FrameLocator,
  roundId: string,
  picks: number[],
  stake: bigint,
): Promise<boolean> {
  const phase = frame.locator('[data-phase]');
  const panel = frame.getByRole('region', { name: 'Place your bets' });
  try {
    const fishXp = panel.getByRole('button', { name: 'FishXP', exact: true });
    await fishXp.click();
    await expect(fishXp).toHaveAttribute('aria-pressed', 'true');
    await panel.getByRole('textbox').fill(stake.toString());
    const buttons = panel.getByRole('group', { name: /Tracks/ }).getByRole('button');
    for (const index of picks) {
      await buttons.nth(index).click({ timeout: 10_000 });
      await expect(buttons.nth(index)).toHaveAttribute('aria-pressed', 'true');
    }
    await panel.getByRole('button', { name: /^Bet / }).click({ timeout: 10_000 });
    await expect(panel.getByRole('status')).toHaveText(
      picks.length === 1 ? 'Bet placed.' : `${picks.length} bets placed.`,
      { timeout: 30_000 },
    );
    return true;
  } catch (error) {
    const stillBetting =
      (await phase.getAttribute('data-round-id')) === roundId &&
      (await phase.getAttribute('data-phase')) === 'betting';
    if (stillBetting) throw error;
    return false;
  }
}

test('a carried pool shows in the next round; results show the net per currency, past rounds the player’s own', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(720_000);
  const errors = collectBrowserErrors(page);
  const frame = await playerInGame(page);
  const phase = frame.locator('[data-phase]');
  const panel = frame.getByRole('region', { name: 'Place your bets' });
  const history = frame.getByRole('region', { name: 'Past rounds' });
  const pointBalance = async () =>
    BigInt(
      ((await page.getByTestId('header-balances').getByTestId('balance-POINT').textContent()) ?? '').replace(
        /\D/g,
        '',
      ) || '0',
    );

  let sawCarry = false;
  let sawCostlyWin = false;
  const played: { roundId: string; net: bigint }[] = [];
  let shownRound: string | null = await phase.getAttribute('data-round-id');
  for (let attempt = 0; attempt < 14 && !(sawCarry && sawCostlyWin); attempt += 1) {
    const roundId = await nextBettingRound(phase, shownRound);
    shownRound = roundId;
    const opened = await progressOf(page, roundId);
    const carried = BigInt(opened.round.terms.carryIn.POINT);
    if (carried > 0n) {
      // The carried pool is in this round's pool before anyone bets, as the panel and the prize-pool page show.
      const pool = (currency: 'OJO' | 'POINT', progress: Progress) =>
        BigInt(progress.round.terms.carryIn[currency]) + BigInt(progress.round.pools[currency].stakes);
      await expect.soft
        .poll(async () => {
          const now = await progressOf(page, roundId);
          const text = await panel.getByText(/^Pool:/).textContent();
          return text?.startsWith(
            `Pool: ${grouped(pool('OJO', now))} OJO · ${grouped(pool('POINT', now))} FishXP`,
          );
        })
        .toBe(true);
      expect(pool('POINT', opened)).toBeGreaterThanOrEqual(carried);
      // The prize-pool page shows the round on screen (this one, until the next is announced): read afresh.
      const prizePage = await context.newPage();
      const inRace = prizePage.getByText('In the current race', { exact: true }).locator('xpath=..');
      await expect.soft
        .poll(
          async () => {
            await prizePage.goto('/game/prize-pool/points');
            const shown = await inRace.textContent();
            const now = await progressOf(page, 'current');
            if (now.round.terms.roundId !== roundId) return `another round: ${now.round.terms.roundId}`;
            return shown?.replace('In the current race', '') === grouped(pool('POINT', now))
              ? 'shown'
              : shown;
          },
          { timeout: 20_000 },
        )
        .toBe('shown');
      await prizePage.screenshot({ path: testInfo.outputPath('prize-pool-carry-1440.png') });
      await prizePage.close();
      await page.screenshot({ path: testInfo.outputPath('carried-pool-1440.png') });
      sawCarry = true;
    }

    // One pick until a round carries; then two picks of 10 (a 5% fee of 20 is 1, so a winning pick pays 19).
    const picks = sawCarry ? [0, 1] : [0];
    const stake = sawCarry && (await pointBalance()) >= 20n ? 10n : 2n;
    if (!(await betFishXp(frame, roundId, picks, stake))) continue;
    // A slow look above can outlast the betting phase: then the bets went to the round now on screen.
    const betRound = (await phase.getAttribute('data-round-id')) ?? '';
    if (betRound !== roundId) shownRound = betRound;
    const myBetIds = await frame
      .getByTestId('my-bet')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-bet-id') ?? ''));
    expect(myBetIds).toHaveLength(picks.length);

    const published = await settledRoundOf(page, betRound);
    const staked = published.bets
      .filter((bet) => myBetIds.includes(bet.betId))
      .reduce((sum, bet) => sum + BigInt(bet.amount), 0n);
    const returned = [...published.payouts, ...published.refunds]
      .filter((transfer) => myBetIds.includes(transfer.betId))
      .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n);
    const net = returned - staked;
    expect(staked).toBe(stake * BigInt(picks.length));
    played.push({ roundId: betRound, net });

    const result = frame.locator(`[data-testid="result"][data-round-id="${betRound}"]`);
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect.soft(result.getByTestId('net-POINT')).toHaveText(`${signedNet(net)} FishXP`);
    await expect.soft(result.getByTestId('multiplier-POINT')).toHaveText(multiplier(staked, returned));
    if (published.outcome.kind === 'settled') {
      const title = result.getByRole('heading');
      if (net > 0n) await expect.soft(title).toContainText('You won!');
      else await expect.soft(title).not.toContainText('You won!');
      if (returned > 0n && net <= 0n) {
        await expect.soft(title).toContainText(net < 0n ? 'Net loss' : 'Break-even');
        await page.screenshot({ path: testInfo.outputPath('costly-win-1440.png') });
        sawCostlyWin = true;
      }
      if (BigInt(published.outcome.currencies.POINT.carryOut) > 0n) {
        expect(returned).toBe(0n);
      }
    }
    // Once the next round opens, the history lists this one with the player's own result.
    const row = history.locator(`[data-round-id="${betRound}"]`);
    await expect
      .soft(row.getByTestId('history-mine'))
      .toHaveText(`${signedNet(net)} FishXP`, { timeout: 30_000 });
  }
  expect(sawCarry).toBe(true);
  expect(sawCostlyWin).toBe(true);

  // Reloaded, the frame reads the player's results of past rounds from the server.
  await page.reload();
  await expect(frame.locator('[data-phase]')).toBeVisible({ timeout: 60_000 });
  for (const { roundId, net } of played.slice(-3)) {
    await expect(history.locator(`[data-round-id="${roundId}"]`).getByTestId('history-mine')).toHaveText(
      `${signedNet(net)} FishXP`,
    );
  }
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('history-mine-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('results-390.png'), fullPage: true });
  expect(errors.list()).toEqual([]);
});

test('the frame shows the commitment, fee and pool shares while betting; the verify view shows the books and the raw document', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const errors = collectBrowserErrors(page);
  const frame = await playerInGame(page);
  const phase = frame.locator('[data-phase]');
  const roundId = await nextBettingRound(phase, await phase.getAttribute('data-round-id'));
  const { round } = await progressOf(page, roundId);

  // While betting is open the player can note the commitment, and reads the fee.
  await expect.soft(frame.getByTestId('round-commitment')).toHaveText(round.commitment);
  await expect.soft(frame.getByTestId('round-fee')).toContainText(`${round.terms.feeBps / 100}%`);
  // Each pick's pool share says it is a pool share, unlike the lanes' price change.
  const panel = frame.getByRole('region', { name: 'Place your bets' });
  const picks = panel.getByRole('group', { name: /Tracks/ }).getByRole('button');
  await expect(picks).toHaveCount(5);
  for (const pick of await picks.all()) {
    const symbol = (await pick.getAttribute('data-track')) ?? '';
    await expect.soft(pick.getByTestId(`pool-share-${symbol}`)).toHaveText(/^Pool share \d+\.\d{2}%$/);
  }
  await page.screenshot({ path: testInfo.outputPath('fairness-betting-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(frame.getByTestId('round-commitment')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('fairness-betting-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Once settled, the verify view shows each currency's books and the raw round document it checked.
  const published = await settledRoundOf(page, roundId);
  await page.goto(`/game/verify/${roundId}`);
  const screen = page.getByTestId('verify-screen');
  await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-matches', 'true', {
    timeout: 30_000,
  });
  for (const [currency, label] of [
    ['OJO', 'OJO'],
    ['POINT', 'FishXP'],
  ] as const) {
    const books = published.outcome.currencies[currency];
    const row = page.getByTestId(`verify-books-${currency}`);
    await expect.soft(row).toContainText(label);
    for (const field of ['carryIn', 'fee', 'remainder', 'carryOut'] as const) {
      const value = books[field];
      if (value !== undefined)
        await expect
          .soft(row.getByTestId(`books-${field}`))
          .toHaveText(BigInt(value).toLocaleString('en-US'));
    }
  }
  await expect.soft(screen).not.toContainText(/\bpoints\b/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /round document/i }).click(),
  ]);
  const raw = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8'));
  expect(raw).toEqual(published);
  await page.screenshot({ path: testInfo.outputPath('verify-books-1440.png'), fullPage: true });
  // On a phone the books stack and the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return root.scrollWidth - root.clientWidth;
      }),
    )
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('verify-books-390.png'), fullPage: true });
  expect(errors.list()).toEqual([]);
});
