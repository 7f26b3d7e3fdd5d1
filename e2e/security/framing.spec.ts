import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { collectBrowserErrors, settleNetwork } from '../support/console-errors';
import { API_URL, WALLET_URL } from '../support/login';

/**
 * SECURITY.md (Stance) (every origin serves a CSP with frame-ancestors, nosniff and a referrer policy), against the
 * servers `npm start` runs: a page of another site cannot show the web app or the account provider in a frame, the
 * game frame shows only inside the web origin, and the apps still work under their policies.
 */

const WEB_URL = process.env.E2E_WEB_URL ?? 'http://localhost:3000';
const WEB_ORIGIN = new URL(WEB_URL).origin;
const GAME_URL = process.env.E2E_GAME_URL ?? 'http://localhost:3002';
const WALLET_ORIGIN = new URL(WALLET_URL).origin;

/** Another site: a server of the test's own on a free port, whose page frames whatever its query names. */
let attacker: Server;
let attackerOrigin = '';
test.beforeAll(async () => {
  attacker = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://attacker').searchParams.get('target') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(framerHtml(target));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

const framerHtml = (target: string) =>
  `<!doctype html><title>framer</title><iframe id="target" src="${encodeURI(target)}" width="800" height="600"></iframe>`;

/**
 * Opens a page of `origin` that frames `target`, and tells what became of the frame: 'shown' (the app is in it) or
 * 'refused' (the server answered, and the browser refused to show the answer there, for its frame-ancestors).
 */
async function frame(page: Page, origin: string, target: string): Promise<'shown' | 'refused'> {
  const consoleErrors = collectBrowserErrors(page);
  const answered = page.waitForResponse((response) => response.url() === target);
  if (origin === attackerOrigin) {
    await page.goto(`${attackerOrigin}/?target=${encodeURIComponent(target)}`);
  } else {
    // A page of an origin under test (it serves no such page): answered here. The browser treats a page answered
    // by the test as a public site, so it needs the person's leave to reach this machine's servers at all.
    await page.context().grantPermissions(['local-network-access']);
    const framer = `${origin}/__framing-test/framer.html`;
    await page.route(framer, (route) =>
      route.fulfill({ contentType: 'text/html', body: framerHtml(target) }),
    );
    await page.goto(framer);
  }
  expect((await answered).status(), `${target} answered`).toBe(200);
  const framed = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!framed) throw new Error('no frame on the page');
  await expect.poll(() => framed.url()).not.toMatch(/^(about:blank)?$/);
  if (framed.url().startsWith('chrome-error:')) {
    await expect
      .poll(() => consoleErrors.list().join('\n'))
      .toMatch(/violates the following Content Security Policy directive: "frame-ancestors/);
    return 'refused';
  }
  await expect(framed.locator('#root > *').first()).toBeVisible();
  return 'shown';
}

test.describe('framing', () => {
  test('another site cannot frame the web app', async ({ page }) => {
    expect(await frame(page, attackerOrigin, `${WEB_URL}/`)).toBe('refused');
    expect(await frame(page, attackerOrigin, `${WEB_URL}/referral`)).toBe('refused');
  });

  test('no site, not even the web app, can frame the account provider', async ({ page }) => {
    expect(await frame(page, attackerOrigin, `${WALLET_URL}/popup`)).toBe('refused');
    expect(await frame(page, attackerOrigin, `${WALLET_URL}/`)).toBe('refused');
    expect(await frame(page, WEB_ORIGIN, `${WALLET_URL}/popup`)).toBe('refused');
  });

  test('the game frame shows inside a page of the web origin, and nowhere else', async ({ page }) => {
    const errors = collectBrowserErrors(page);
    expect(await frame(page, WEB_ORIGIN, `${GAME_URL}/`)).toBe('shown');
    await expect(
      page.frameLocator('#target').getByRole('heading', { level: 1, name: /Race$/ }),
    ).toBeVisible();
    expect(errors.list()).toEqual([]);

    expect(await frame(page, attackerOrigin, `${GAME_URL}/`)).toBe('refused');
    expect(await frame(page, WALLET_ORIGIN, `${GAME_URL}/`)).toBe('refused');
  });
});

test.describe('security headers', () => {
  /** What each origin must send, on its page, on an app route, on a built asset and on a missing file. */
  const servers = [
    { name: 'web', url: WEB_URL, frameAncestors: "'self'" },
    { name: 'wallet', url: WALLET_URL, frameAncestors: "'none'" },
    { name: 'game', url: GAME_URL, frameAncestors: WEB_ORIGIN },
  ];

  for (const server of servers) {
    test(`the ${server.name} origin sends its policy, nosniff and a referrer policy on every response`, async ({
      request,
    }) => {
      const page = await request.get(`${server.url}/`);
      // A script tag's src, or the prerendered landing page's loader, which starts the scripts once the hero is painted.
      const asset = /["'](\/assets\/[^"']+\.js)["']/.exec(await page.text())?.[1];
      expect(asset, 'the page loads a built script').toBeTruthy();
      for (const path of ['/', '/some/app/route', asset!, '/assets/missing-0123abcd.js']) {
        const response = await request.get(`${server.url}${path}`);
        const headers = response.headers();
        const policy = headers['content-security-policy'] ?? '';
        expect(policy, `${server.name} ${path}`).toContain(`frame-ancestors ${server.frameAncestors}`);
        expect(policy).toContain("default-src 'none'");
        expect(policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')*;/);
        expect(policy).not.toContain("'unsafe-eval'");
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['referrer-policy']).toMatch(/^(no-referrer|strict-origin-when-cross-origin)$/);
      }
      // A missing script is a 404, not the app's page served as a script.
      expect((await request.get(`${server.url}/assets/missing-0123abcd.js`)).status()).toBe(404);
    });
  }

  test('the API sends nosniff and a referrer policy', async ({ request }) => {
    for (const path of ['/healthz', '/customer']) {
      const headers = (await request.get(`${API_URL}${path}`)).headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
  });

  test('the web app talks only to what its policy names: pages, dialogs and the wallet load without a violation', async ({
    page,
    context,
  }) => {
    const errors = collectBrowserErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/referral');
    await expect(page.getByRole('heading', { level: 1, name: 'Referral' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settleNetwork(page);

    const wallet = await context.newPage();
    const walletErrors = collectBrowserErrors(wallet);
    await wallet.goto(`${WALLET_URL}/popup`);
    await expect(wallet.getByRole('heading').first()).toBeVisible();
    await settleNetwork(wallet);

    expect([...errors.list(), ...walletErrors.list()]).toEqual([]);
  });
});
