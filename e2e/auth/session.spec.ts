import { expect, test } from '@playwright/test';
import { browserState } from './auth-helpers';

/** spec 4 Login: session upkeep on load and on refused tokens (logout goes to /, spec 2). */

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
  const customerCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/customer') customerCalls.push(request.url());
  });
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await browserState(page, context)).cookies).toEqual([]);
  await expect(page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' })).toHaveCount(0);
  // Decided from the stored tokens alone, before asking the API anything.
  expect(customerCalls).toEqual([]);
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
