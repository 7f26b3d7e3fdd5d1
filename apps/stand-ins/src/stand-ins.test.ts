import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStandInsConfig } from './config';
import { type StandIns, startStandIns } from './server';

const WEB = 'http://localhost:39999';
let standIns: StandIns;
const config = loadStandInsConfig({ STAND_INS_PORT: '0', WEB_ORIGIN: WEB });

beforeAll(async () => {
  standIns = await startStandIns(config);
});
afterAll(async () => standIns.close());

const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
  redirect: 'manual' as const,
});

describe('stand-ins', () => {
  it('refuse to run in production', () => {
    expect(() => loadStandInsConfig({ NODE_ENV: 'production' })).toThrow(
      /refuse to run with NODE_ENV=production/,
    );
  });

  it('list their test users on the operator page', async () => {
    const page = await (await fetch(`${standIns.url}/`)).text();
    expect(page).toContain('@arena_tester');
    expect(page).toContain(config.telegram.channel);
  });

  it('X: a user authorizes with PKCE, posts, and the API reads the post with the token', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL(`${standIns.url}/x/i/oauth2/authorize`);
    for (const [key, value] of Object.entries({
      response_type: 'code',
      client_id: config.x.clientId,
      redirect_uri: `${WEB}/game/task`,
      scope: 'tweet.read users.read',
      state: 'state-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }))
      authorize.searchParams.set(key, value);
    const consent = await fetch(authorize, form({ user: 'new', new_username: 'x_poster' }));
    const back = new URL(consent.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code') ?? '';
    const exchange = (codeVerifier: string) =>
      fetch(`${standIns.url}/x/2/oauth2/token`, {
        ...form({
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${WEB}/game/task`,
          code_verifier: codeVerifier,
        }),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${config.x.clientId}:${config.x.clientSecret}`).toString('base64')}`,
        },
      });
    const token = (await (await exchange(verifier)).json()) as { access_token: string };
    expect((await exchange(verifier)).status).toBe(400); // single use
    const bearer = { authorization: `Bearer ${token.access_token}` };
    const me = (await (await fetch(`${standIns.url}/x/2/users/me`, { headers: bearer })).json()) as {
      data: { id: string; username: string };
    };
    expect(me.data.username).toBe('x_poster');
    await fetch(`${standIns.url}/x/intent/post`, form({ text: 'Joined #OJO', user: me.data.id }));
    const timeline = (await (
      await fetch(`${standIns.url}/x/2/users/${me.data.id}/tweets`, { headers: bearer })
    ).json()) as {
      data: { text: string }[];
    };
    expect(timeline.data.map((post) => post.text)).toEqual(['Joined #OJO']);
    expect((await fetch(`${standIns.url}/x/2/users/me`)).status).toBe(401);
  });

  it('X: a wrong code_verifier is refused', async () => {
    const authorize = new URL(`${standIns.url}/x/i/oauth2/authorize`);
    const challenge = createHash('sha256').update('right').digest('base64url');
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: config.x.clientId,
      redirect_uri: `${WEB}/game/task`,
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const back = new URL(
      (await fetch(authorize, form({ user: 'new', new_username: 'x_other' }))).headers.get('location') ?? '',
    );
    const answer = await fetch(
      `${standIns.url}/x/2/oauth2/token`,
      form({
        grant_type: 'authorization_code',
        client_id: config.x.clientId,
        code: back.searchParams.get('code') ?? '',
        redirect_uri: `${WEB}/game/task`,
        code_verifier: 'wrong',
      }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('Telegram: Start sends the /start update to the webhook with its secret; joining shows in getChatMember', async () => {
    const updates: { secret: unknown; body: { message: { text: string; from: { id: number } } } }[] = [];
    const hook = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        updates.push({ secret: request.headers['x-telegram-bot-api-secret-token'], body: JSON.parse(body) });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const bot = `${standIns.url}/telegram/bot${config.telegram.botToken}`;
    const webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    const set = await fetch(`${bot}/setWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: webhookUrl, secret_token: 'hook-secret' }),
    });
    expect(await set.json()).toMatchObject({ ok: true, result: true });
    const started = await fetch(
      `${standIns.url}/telegram/t.me/${config.telegram.botUsername}?start=abc_123`,
      form({ user: 'new', new_username: 'tg_player' }),
    );
    expect(started.status).toBe(200);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.secret).toBe('hook-secret');
    expect(updates[0]?.body.message.text).toBe('/start abc_123');
    const userId = String(updates[0]?.body.message.from.id);
    const member = async () =>
      (await (
        await fetch(
          `${bot}/getChatMember?chat_id=${encodeURIComponent(config.telegram.channel)}&user_id=${userId}`,
        )
      ).json()) as {
        result: { status: string };
      };
    expect((await member()).result.status).toBe('left');
    await fetch(`${standIns.url}/telegram/t.me/${config.telegram.channel.slice(1)}`, form({ user: userId }));
    expect((await member()).result.status).toBe('member');
    expect((await fetch(`${standIns.url}/telegram/botWRONG/getMe`)).status).toBe(401);
    await new Promise((resolve) => hook.close(resolve));
  });
});
