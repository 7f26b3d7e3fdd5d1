import { expect, type Page, type Route, test } from '@playwright/test';
import { createProfile, registerNewPlayer } from '../support/login';

/**
 * The ranks pages at 390 and 1440 px: every column (result, stake, what each place earns) on screen with no
 * sideways scroll and no page wider than the screen; a player short of the minimum bets marked and earning nothing;
 * my result with its sign; the draw sentence never promising prizes of 0; the rules pointing at the verify page.
 *
 * The ladder of a fresh stack is empty, so its answer is held to a full one: the real response, whose entries are
 * replaced by thirteen players, the best of them with too few bets.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const MIN_BETS = 5;
/** What the API pays the eligible places of a 100,000 pool (rank part 50%: 30%, 20%, 15%, ...). */
const PRIZES = ['15000', '10000', '7500', '5000', '4000', '3000', '2000', '1500', '1000', '1000'];

function ladderEntries() {
  return Array.from({ length: 13 }, (_, i) => {
    const eligible = i !== 0;
    return {
      rank: i + 1,
      rankInTier: i + 1,
      tier: { tier: 1, tierName: 'Yellow' },
      player: { handle: `racer_number_${i + 1}`, avatar: null },
      result: String(9000 - i * 1000),
      staked: String(125_000 - i * 1000),
      bets: eligible ? MIN_BETS + i : MIN_BETS - 2,
      eligible,
      prize: eligible ? (PRIZES[i - 1] ?? '0') : '0',
    };
  });
}

/** Answers with the real response, its `data` changed by `change`. */
async function fulfilChanged(route: Route, change: (data: Record<string, unknown>) => void) {
  const response = await route.fetch();
  const body = (await response.json()) as { data?: Record<string, unknown> };
  if (body.data) change(body.data);
  await route.fulfill({ response, json: body });
}

async function holdFullLadder(page: Page) {
  await page.route(/\/ladders\?/, (route) =>
    fulfilChanged(route, (data) => {
      data.entries = ladderEntries();
      data.total = 13;
      data.minBets = MIN_BETS;
      data.me = null;
    }),
  );
  await page.route(/\/reward\/ojo\/[^/]+\/current/, (route) =>
    fulfilChanged(route, (data) => {
      Object.assign(data, {
        rank: 14,
        rankInTier: 14,
        tier: { tier: 1, tierName: 'Yellow' },
        result: '84',
        staked: '400',
        bets: 2,
        projectedState: 'down',
      });
    }),
  );
}

async function pageWidth(page: Page) {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
}

/** Each column heading of each ladder lies within the screen's width (not behind a sideways scroll). */
async function expectColumnsOnScreen(page: Page, width: number) {
  const tables = page.getByRole('table');
  await expect(tables.first()).toBeVisible();
  for (const table of await tables.all()) {
    for (const name of ['Rank', 'Player', 'Result', 'Staked', 'Prize']) {
      const header = table.getByRole('columnheader', { name: new RegExp(`^${name}`) });
      await expect(header).toBeVisible();
      const box = await header.boundingBox();
      expect(box, `${name} at ${width} px`).not.toBeNull();
      expect(box!.x, `${name} at ${width} px: left edge`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} at ${width} px: right edge`).toBeLessThanOrEqual(width);
    }
    const sideways = await table.evaluate((element) => {
      for (let node = element.parentElement; node; node = node.parentElement)
        if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible')
          return true;
      return false;
    });
    expect(sideways, `a sideways scroller around the ladder at ${width} px`).toBe(false);
  }
}

test('the ranks page shows what each place earns, marks ineligible players and signs my result', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await createProfile(page);
  await holdFullLadder(page);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/game/ranks');
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(14);
    await expectColumnsOnScreen(page, viewport.width);
    expect(await pageWidth(page), `page width at ${viewport.width}`).toBeLessThanOrEqual(viewport.width);

    // The best player has too few bets: marked, earning nothing; the first eligible player earns the top prize.
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText(`Not eligible: ${MIN_BETS - (MIN_BETS - 2)} more bets`);
    await expect(rows.nth(1).getByRole('cell').last()).toHaveText('—');
    await expect(rows.nth(2).getByRole('cell').last()).toHaveText('15,000');
    await expect(rows.nth(11).getByRole('cell').last()).toHaveText('1,000');
    await expect(rows.nth(12).getByRole('cell').last()).toHaveText('—');

    const standing = page.locator('section', { has: page.getByRole('heading', { name: 'My standing' }) });
    await expect(standing.getByText('+84', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`ranks-${viewport.width}.png`), fullPage: true });

    await page.goto('/game/ranks/ranking-preview');
    await expect(page.getByRole('table')).toHaveCount(2);
    await expectColumnsOnScreen(page, viewport.width);
    expect(await pageWidth(page), `preview page width at ${viewport.width}`).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({
      path: testInfo.outputPath(`ranking-preview-${viewport.width}.png`),
      fullPage: true,
    });
  }
});

test('the points pages never promise draw prizes of 0, and the rules link the verify page', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await registerNewPlayer(page);
  await createProfile(page);
  // A pool too small to pay a draw prize, as a fresh season has.
  await page.route(/\/reward\/points\/[^/]+\/prizes/, (route) =>
    fulfilChanged(route, (data) => {
      data.draw = { ...(data.draw as object), prizes: 10, amountEach: '0' };
    }),
  );
  await page.setViewportSize(PHONE);
  for (const path of ['/game/tickets/points', '/game/prize-pool/points']) {
    await page.goto(path);
    const draw = page.getByText(/draw prizes/).first();
    await expect(draw).toBeVisible();
    await expect(draw).toContainText('too small to pay one');
    await expect(page.locator('main')).not.toContainText(/prizes of 0\b/);
    await page.screenshot({
      path: testInfo.outputPath(`draw${path.replaceAll('/', '-')}-390.png`),
      fullPage: true,
    });
  }
  // The prize pool rules (served by the API) send players to the verify page, not to a developer's command.
  const rules = page.locator('main');
  await expect(rules).toContainText('Checking a season');
  await expect(rules).toContainText('its verify page');
  await expect(rules).not.toContainText('npm run');
});
