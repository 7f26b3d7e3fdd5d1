import { expect, test } from '@playwright/test';
import {
  API_URL,
  fetchUser,
  LOGIN_BUTTON_NAME,
  logout,
  registerNewPlayer,
  SAAS_ID,
  sessionJwt,
  smartAccountOf,
} from '../support/login';
import { browserState, SESSION_COOKIE_NAMES } from './auth-helpers';

/** product.md 4 Login and Logout: session upkeep on load and on refused tokens (logout goes to /, product.md 2). */

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenWithExp = (expSeconds: number) =>
  `${b64url({ alg: 'ES256' })}.${b64url({ sub: 'x', exp: expSeconds })}.c2ln`;

test('on load, stored tokens of which one has expired log the person out', async ({ page, context }) => {
  const webUrl = new URL(test.info().project.use.baseURL ?? 'http://localhost:3000');
  const now = Math.floor(Date.now() / 1000);
  await context.addCookies([
    { name: 'ojo_id_token', value: tokenWithExp(now - 60), url: webUrl.origin },
    { name: 'ojo_jwt', value: tokenWithExp(now + 3600), url: webUrl.origin },
    { name: 'ojo_task_id', value: '411010', url: webUrl.origin },
  ]);
  const userCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/customer') userCalls.push(request.url());
  });
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await browserState(page, context)).cookies).toEqual([]);
  await expect(page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' })).toHaveCount(0);
  // Decided from the stored tokens alone, before asking the API anything.
  expect(userCalls).toEqual([]);
});

test('a session token the API refuses (401) logs the person out', async ({ page, context }) => {
  const webUrl = new URL(test.info().project.use.baseURL ?? 'http://localhost:3000');
  await context.addCookies([
    { name: 'ojo_jwt', value: tokenWithExp(Math.floor(Date.now() / 1000) + 3600), url: webUrl.origin },
  ]);
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await browserState(page, context)).cookies).toEqual([]);
  await expect(page.getByRole('button', { name: 'Login with Arena Wallet' }).first()).toBeVisible();
});

test('a logged-in player who opens /auth/callback is sent home and keeps the session', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // An old user's Google login (the local provider) is the quickest way to a session.
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await page.getByLabel(/email/i).fill(`callback-${Date.now().toString(36)}@example.com`);
  await page.getByRole('button', { name: 'Continue with this email' }).click();
  await expect(page.getByRole('dialog', { name: 'Account Migration Tips' })).toBeVisible({ timeout: 30_000 });
  const before = await fetchUser(context);

  for (const callback of ['/auth/callback', '/auth/callback?code=stale&state=from-another-tab']) {
    await page.goto(callback);
    await expect(page).toHaveURL(/\/$/);
    // Still logged in: the same user with the same session, Logout in the header, no failure shown.
    await expect(page.locator('[data-testid="auth-slot"] button', { hasText: 'Logout' })).toBeVisible();
    expect((await fetchUser(context)).id).toBe(before.id);
    await expect(page.getByText('Authorization failed, please try again')).toHaveCount(0);
  }
});

test('logout ends the session on the server: cookies copied before it no longer work, nor does the id token', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  const copied = (await context.cookies()).filter((cookie) => SESSION_COOKIE_NAMES.includes(cookie.name));
  const jwt = await sessionJwt(context);
  const idToken = decodeURIComponent(copied.find((cookie) => cookie.name === 'ojo_id_token')?.value ?? '');
  const publicKey = await smartAccountOf(context);
  expect(idToken).not.toBe('');
  const callWith = (path: string, init: { jwt?: string; body?: unknown } = {}) =>
    fetch(`${API_URL}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        saas_id: SAAS_ID,
        'content-type': 'application/json',
        ...(init.jwt ? { jwt_token: init.jwt } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  expect((await callWith('/customer', { jwt })).status).toBe(200);

  const ended = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/customer/logout' && response.request().method() === 'POST',
  );
  await logout(page);
  expect((await ended).status()).toBe(200);

  // The copies are refused by the API...
  expect((await callWith('/customer', { jwt })).status).toBe(401);
  expect((await callWith('/customer/token/refresh', { jwt, body: {} })).status).toBe(401);
  expect((await callWith('/customer/login', { body: { idToken, publicKey } })).status).toBe(401);

  // ...and a browser that restores them lands logged out.
  const thief = await browser.newContext();
  try {
    await thief.addCookies(copied);
    const thiefPage = await thief.newPage();
    await thiefPage.goto('/wallet');
    await expect(thiefPage).toHaveURL(/\/$/);
    await expect(thiefPage.getByRole('button', { name: LOGIN_BUTTON_NAME }).first()).toBeVisible();
    await expect.poll(async () => (await thief.cookies()).map((cookie) => cookie.name)).toEqual([]);
  } finally {
    await thief.close();
  }
});
