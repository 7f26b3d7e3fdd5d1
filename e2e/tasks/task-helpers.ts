import { expect, type Locator, type Page } from '@playwright/test';
import { API_URL, SAAS_ID, sessionJwt } from '../support/login';

/** The stand-ins of the stack `npm test` started (X, Telegram, Discord). */
export const STAND_INS_URL = process.env.E2E_STAND_INS_URL ?? 'http://localhost:3004';

/** A username no other test uses (stand-in users are shared by the whole run). */
export function uniqueUsername(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 46656).toString(36)}`;
}

export function taskCard(page: Page, code: string): Locator {
  return page.locator(`[data-testid="task-card"][data-task-code="${code}"]`);
}

export async function openTasks(page: Page): Promise<void> {
  await page.goto('/game/task');
  await expect(page.getByRole('heading', { level: 1, name: 'Start Earning' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tasks' })).toBeVisible();
}

/** Presses Verify on a task's card. */
export async function verify(page: Page, code: string): Promise<void> {
  await taskCard(page, code)
    .getByRole('button', { name: /^Verify/ })
    .click();
}

/** On a stand-in page with a user picker: acts as a new test user named `username`. */
export async function actAsNewUser(page: Page, username: string, action: RegExp): Promise<void> {
  await page.getByRole('textbox', { name: 'Or a new test user' }).fill(username);
  await page.getByRole('button', { name: action }).click();
}

/** The toast a person reads. */
export function toastWith(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** The reward of the done tasks, as the task list reports them. */
export async function taskTotal(page: Page): Promise<number> {
  const response = await fetch(`${API_URL}/v2/tasks/list?channel=pc&position=ladder`, {
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  const body = (await response.json()) as { obj: { status: number; rewardAmount: string }[] };
  return body.obj
    .filter((task) => task.status !== 0)
    .reduce((sum, task) => sum + Number(task.rewardAmount), 0);
}

/** Calls verify directly with the page's session (to use up the per-player limit). */
export async function verifyByApi(page: Page, taskId: number): Promise<number> {
  const response = await fetch(`${API_URL}/v2/tasks/verify?taskId=${taskId}`, {
    method: 'POST',
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) },
  });
  return response.status;
}

/**
 * Links a new EVM wallet to the page's player as the badge page's wallet connect does (product.md 4 Wallet bind: a nonce,
 * the wallet's signature, the bind); the wallet is a key of the test's own. Answers the bind's envelope.
 */
export async function linkNewWallet(page: Page): Promise<{ success: boolean; code: string }> {
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
  const { linkWalletMessage } = await import('@ojo/domain/wallet/wallet-bind');
  const wallet = privateKeyToAccount(generatePrivateKey());
  const headers = { saas_id: SAAS_ID, jwt_token: await sessionJwt(page.context()) };
  const nonceAnswer = await fetch(`${API_URL}/customer/oauth/nonce?publicKey=${wallet.address}`, { headers });
  const { nonce } = ((await nonceAnswer.json()) as { obj: { nonce: string } }).obj;
  const me = (await (await fetch(`${API_URL}/customer`, { headers })).json()) as {
    obj: { abstractAddress: { osp_aa: { address: string } } };
  };
  const message = linkWalletMessage({ productName: PRODUCT_NAME, address: wallet.address, nonce });
  const response = await fetch(`${API_URL}/customer/bind/auth`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      publicKey: me.obj.abstractAddress.osp_aa.address,
      address: wallet.address,
      nonce,
      signature: await wallet.signMessage({ message }),
      thirdAuthSource: 'EXTERNAL_WALLET',
      platform: 'others',
      walletType: 'EVM',
    }),
  });
  return (await response.json()) as { success: boolean; code: string };
}

const PRODUCT_NAME = process.env.E2E_PRODUCT_NAME ?? 'OJO Arena';
