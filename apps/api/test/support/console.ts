import type { LocalAccount } from 'viem';
import { expect } from 'vitest';
import type { buildTestApp } from '../helpers';
import { siweMessage } from './identity';

/** The console's origin in tests (CONSOLE_ORIGIN's default). */
export const CONSOLE_ORIGIN = 'http://localhost:3005';

type InjectApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** A SIWE message as the console writes it: the web app's, for the console's origin; `overrides` replace any field. */
export function consoleSiweMessage(
  address: `0x${string}`,
  nonce: string,
  overrides: Parameters<typeof siweMessage>[2] = {},
): string {
  return siweMessage(address, nonce, {
    domain: new URL(CONSOLE_ORIGIN).host,
    uri: CONSOLE_ORIGIN,
    statement: 'Sign in to the OJO Arena console',
    ...overrides,
  });
}

export async function consoleNonce(app: InjectApp): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/console/session/nonce' });
  expect(response.statusCode).toBe(200);
  return response.json().data.nonce;
}

/** Signs `account` in to the console; answers the raw response. */
export async function consoleSignIn(
  app: InjectApp,
  account: Pick<LocalAccount, 'address' | 'signMessage'>,
  overrides: Parameters<typeof siweMessage>[2] = {},
) {
  const message = consoleSiweMessage(account.address, await consoleNonce(app), overrides);
  const signature = await account.signMessage({ message });
  return app.inject({ method: 'POST', url: '/console/session', payload: { message, signature } });
}

/** Signs `account` in and answers its operator token (the test fails if the sign-in does). */
export async function operatorTokenOf(
  app: InjectApp,
  account: Pick<LocalAccount, 'address' | 'signMessage'>,
): Promise<string> {
  const response = await consoleSignIn(app, account);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.operatorToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
