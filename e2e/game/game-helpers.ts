import { expect, type FrameLocator, type Page } from '@playwright/test';

/** URLs of the stack under test (scripts/test.mjs); defaults are the product's ports. */
export const WEB_URL = process.env.E2E_WEB_URL ?? 'http://localhost:3000';
export const GAME_URL = process.env.E2E_GAME_URL ?? 'http://localhost:3002';
export const GAME_ORIGIN = new URL(GAME_URL).origin;
export const WEB_ORIGIN = new URL(WEB_URL).origin;
export const PRODUCT_NAME = process.env.E2E_PRODUCT_NAME ?? 'OJO Arena';
export const CHANNEL = 'ojo-game-frame';

/** product.md 2: 'Frame route names map to the routes above' (@ojo/domain/routes FRAME_ROUTE_TO_PATH). */
export const FRAME_ROUTES: ReadonlyArray<[name: string, path: string]> = [
  ['task', '/game/task'],
  ['game', '/game'],
  ['coin', '/game/coin'],
  ['ojoTickets', '/game/tickets/ojo'],
  ['pointsTickets', '/game/tickets/points'],
  ['ojoPrizePool', '/game/prize-pool/ojo'],
  ['pointPrizePool', '/game/prize-pool/points'],
  ['ranks', '/game/ranks'],
  ['badge', '/mint-badge'],
  ['withdraw', '/game/redeem'],
];

/** The game frame on /game, and the frame's document once it shows. */
export async function openGame(page: Page): Promise<FrameLocator> {
  await page.goto('/game');
  const iframe = page.locator(`iframe[title="${PRODUCT_NAME} race"]`);
  await expect(iframe).toHaveAttribute('src', `${GAME_ORIGIN}/`);
  const frame = page.frameLocator(`iframe[title="${PRODUCT_NAME} race"]`);
  await expect(frame.getByRole('heading', { level: 1, name: `${PRODUCT_NAME} Race` })).toBeVisible();
  return frame;
}

/** The frame's own window (the Playwright Frame), for running code as the game does. */
export async function gameFrame(page: Page) {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(GAME_ORIGIN))).toBe(true);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(GAME_ORIGIN));
  if (!frame) throw new Error('no game frame');
  return frame;
}
