import type { TestDatabase } from '@ojo/db/testing';
import { loadStandInsConfig } from '@ojo/stand-ins/config';
import { type StandIns, startStandIns } from '@ojo/stand-ins/server';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { buildTestApp, closedPortUrl } from '../../helpers';
import { saasHeaders, WEB_ORIGIN } from '../../support/identity';

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** The API's X, Telegram and Discord variables for a running stand-ins server (what scripts/lib/stack.mjs sets). */
export function standInsEnv(
  standIns: StandIns,
  webhookSecret = 'test-webhook-secret-0123456789',
): Record<string, string> {
  const config = loadStandInsConfig({});
  const base = standIns.url;
  return {
    X_CLIENT_ID: config.x.clientId,
    X_CLIENT_SECRET: config.x.clientSecret,
    X_AUTHORIZE_URL: `${base}/x/i/oauth2/authorize`,
    X_API_URL: `${base}/x`,
    X_POST_INTENT_URL: `${base}/x/intent/post`,
    TELEGRAM_BOT_TOKEN: config.telegram.botToken,
    TELEGRAM_BOT_API_URL: `${base}/telegram`,
    TELEGRAM_BOT_USERNAME: config.telegram.botUsername,
    TELEGRAM_LINK_URL: `${base}/telegram/t.me`,
    TELEGRAM_CHANNEL: config.telegram.channel,
    TELEGRAM_WEBHOOK_SECRET: webhookSecret,
    DISCORD_CLIENT_ID: config.discord.clientId,
    DISCORD_CLIENT_SECRET: config.discord.clientSecret,
    DISCORD_AUTHORIZE_URL: `${base}/discord/oauth2/authorize`,
    DISCORD_API_URL: `${base}/discord/api`,
    DISCORD_GUILD_ID: config.discord.guildId,
    DISCORD_INVITE_URL: `${base}/discord/invite/${config.discord.inviteCode}`,
  };
}

/** Stand-ins and an API listening on a free port (the stand-in delivers Telegram updates to its webhook). */
export async function startTaskStack(database: TestDatabase, env: Record<string, string> = {}) {
  const standIns = await startStandIns(loadStandInsConfig({ STAND_INS_PORT: '0', WEB_ORIGIN }));
  const apiUrl = await closedPortUrl();
  const { app, config } = await buildTestApp(database, {
    ...standInsEnv(standIns),
    API_PUBLIC_URL: apiUrl,
    WEB_ORIGIN,
    RATE_LIMIT_AUTH_MAX: '1000',
    TASK_VERIFY_RATE_MAX: '1000',
    ...env,
  });
  await app.listen({ port: Number(new URL(apiUrl).port), host: '127.0.0.1' });
  return {
    app,
    config,
    standIns,
    async close() {
      await app.close();
      await standIns.close();
    },
  };
}

export const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/** Logs a new player in; answers the session token and the user id. */
export async function newPlayer(app: TestApp): Promise<{ jwt: string; userId: string }> {
  const address = newAddress();
  const { idToken } = await app.identity.issue(address);
  const response = await app.inject({
    method: 'POST',
    url: '/customer/login',
    headers: saasHeaders,
    payload: { idToken, publicKey: address },
  });
  expect(response.statusCode).toBe(200);
  const jwt = response.json().obj.jwtKey as string;
  const me = await app.inject({
    method: 'GET',
    url: '/customer',
    headers: { ...saasHeaders, jwt_token: jwt },
  });
  return { jwt, userId: me.json().obj.id as string };
}

export function taskCalls(app: TestApp, jwt: string) {
  const headers = { ...saasHeaders, jwt_token: jwt };
  return {
    list: async () =>
      (await app.inject({ method: 'GET', url: '/v2/tasks/list?channel=pc&position=ladder', headers })).json()
        .obj as {
        taskId: number;
        code: string;
        status: number;
        desc: string;
        rewardAmount: string;
        url: string | null;
      }[],
    verify: (taskId: number) =>
      app.inject({ method: 'POST', url: `/v2/tasks/verify?taskId=${taskId}`, headers }),
    doTask: (taskId: number) =>
      app.inject({ method: 'POST', url: `/v2/tasks/dotask?taskId=${taskId}`, headers }),
    socialToken: (payload: { platform: string; code: string; state: string }) =>
      app.inject({ method: 'POST', url: '/customer/oauth/social/token', headers, payload }),
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
  };
}

/** A browser's form post to a stand-in page (sign-in, Start, Join), without following the redirect. */
export function submitForm(url: string, values: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  });
}
