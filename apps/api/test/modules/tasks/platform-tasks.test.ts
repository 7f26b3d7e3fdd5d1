import { getBalance } from '@ojo/db/ledger';
import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../../helpers';
import { saasHeaders } from '../../support/identity';
import { newPlayer, startTaskStack, submitForm, taskCalls } from './task-stack';

/** The day's sign-in the first read of the task list completes (the product knows the player signed in). */
const SIGN_IN_REWARD = 10n;

const X_POST = 411005;
const TELEGRAM = 411006;
const DISCORD = 411007;

describeWithDatabases('tasks on X, Telegram and Discord through their stand-ins', ({ database }) => {
  let stack: Awaited<ReturnType<typeof startTaskStack>>;
  beforeAll(async () => {
    stack = await startTaskStack(database());
  });
  afterAll(async () => stack?.close());

  /** Follows a 100020 connect URL as a browser would: the consent page, then back to the web with code and state. */
  async function authorize(connectUrl: string, username: string) {
    const back = await submitForm(connectUrl, { user: 'new', new_username: username });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') ?? '');
    expect(location.pathname).toBe('/game/task');
    return { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' };
  }

  it('X: 100020 with a PKCE authorization URL, connect, post the required text, verified and paid once', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    const first = (await calls.verify(X_POST)).json();
    expect(first).toMatchObject({ success: false, code: '100020', obj: { platform: 'Twitter' } });
    const connectUrl = new URL(first.obj.connectUrl);
    expect(connectUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const username = `x_${userId.slice(0, 8)}`;
    const { code, state } = await authorize(first.obj.connectUrl, username);
    // The state is this player's only: another player cannot finish it.
    const other = taskCalls(stack.app, (await newPlayer(stack.app)).jwt);
    expect((await other.socialToken({ platform: 'twitter', code, state })).statusCode).toBe(400);
    const connected = await calls.socialToken({ platform: 'twitter', code, state });
    expect(connected.json()).toMatchObject({ success: true, obj: { platform: 'twitter', username } });
    // Single use.
    expect((await calls.socialToken({ platform: 'twitter', code, state })).statusCode).toBe(400);

    const notYet = (await calls.verify(X_POST)).json();
    expect(notYet).toMatchObject({ success: false, code: 'TASK_NOT_MET' });
    const tweet = (await calls.get(`/v2/tasks/twitter/tweets/${X_POST}`)).json().obj;
    const xUser = stack.standIns.x.users.list().find((user) => user.username === username);
    await submitForm(`${stack.standIns.url}/x/intent/post`, {
      text: 'gm, no link here',
      user: xUser?.id ?? '',
    });
    expect((await calls.verify(X_POST)).json().code).toBe('TASK_NOT_MET');
    await submitForm(`${stack.standIns.url}/x/intent/post`, { text: tweet.text, user: xUser?.id ?? '' });
    expect((await calls.verify(X_POST)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect((await calls.verify(X_POST)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(100n);
  });

  it('X: an account bound to another player answers 100023', async () => {
    const first = taskCalls(stack.app, (await newPlayer(stack.app)).jwt);
    const second = taskCalls(stack.app, (await newPlayer(stack.app)).jwt);
    const shared = `shared_${Date.now().toString(36)}`;
    const a = await authorize((await first.verify(X_POST)).json().obj.connectUrl, shared);
    expect((await first.socialToken({ platform: 'twitter', ...a })).json().success).toBe(true);
    const b = await authorize((await second.verify(X_POST)).json().obj.connectUrl, shared);
    const refused = (await second.socialToken({ platform: 'twitter', ...b })).json();
    expect(refused).toMatchObject({ success: false, code: '100023', obj: { platform: 'twitter' } });
  });

  it('Telegram: the bot link with a signed start value binds the player, then the channel join is checked', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    const first = (await calls.verify(TELEGRAM)).json();
    expect(first).toMatchObject({ success: false, code: '100020', obj: { platform: 'Telegram' } });
    const startLink = new URL(first.obj.connectUrl);
    expect(startLink.searchParams.get('start')).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    // A tampered start value binds nobody.
    const tampered = new URL(startLink);
    tampered.searchParams.set('start', `${startLink.searchParams.get('start')?.slice(0, -1)}A`);
    await submitForm(tampered.toString(), { user: 'new', new_username: `tg_bad_${userId.slice(0, 6)}` });
    expect((await calls.verify(TELEGRAM)).json().code).toBe('100020');

    const started = await submitForm(startLink.toString(), {
      user: 'new',
      new_username: `tg_${userId.slice(0, 8)}`,
    });
    expect(started.status).toBe(200);
    const me = (await calls.get('/customer')).json().obj;
    expect(me.telegramId).toMatch(/^\d+$/);
    expect((await calls.get('/reference/telegram/subscribe/check')).json().obj).toBe(false);
    expect((await calls.verify(TELEGRAM)).json()).toMatchObject({ success: false, code: 'TASK_NOT_MET' });
    const channel = (await calls.list()).find((task) => task.taskId === TELEGRAM)?.url ?? '';
    await submitForm(channel, { user: me.telegramId });
    expect((await calls.get('/reference/telegram/subscribe/check')).json().obj).toBe(true);
    expect((await calls.verify(TELEGRAM)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(50n + SIGN_IN_REWARD);
  });

  it("Telegram: the webhook refuses updates without the bot's secret token", async () => {
    const answer = await stack.app.inject({
      method: 'POST',
      url: '/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': 'wrong' },
      payload: { update_id: 1 },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('Discord: connect with OAuth 2.0, join the guild, verified', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    const first = (await calls.verify(DISCORD)).json();
    expect(first).toMatchObject({ success: false, code: '100020', obj: { platform: 'Discord' } });
    const username = `d_${userId.slice(0, 8)}`;
    const { code, state } = await authorize(first.obj.connectUrl, username);
    expect((await calls.socialToken({ platform: 'discord', code, state })).json().success).toBe(true);
    expect((await calls.verify(DISCORD)).json().code).toBe('TASK_NOT_MET');
    const invite = (await calls.list()).find((task) => task.taskId === DISCORD)?.url ?? '';
    const discordUser = stack.standIns.discord.users.list().find((user) => user.username === username);
    await submitForm(invite, { user: discordUser?.id ?? '' });
    expect((await calls.verify(DISCORD)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(50n + SIGN_IN_REWARD);
  });
});

describe('tasks when a platform does not answer', () => {
  describeWithDatabases('X unreachable', ({ database }) => {
    let stack: Awaited<ReturnType<typeof startTaskStack>>;
    beforeAll(async () => {
      stack = await startTaskStack(database(), { X_API_URL: await closedPortUrl() });
    });
    afterAll(async () => stack?.close());

    it('connecting while X is down answers 100028 and changes nothing', async () => {
      const { jwt, userId } = await newPlayer(stack.app);
      const calls = taskCalls(stack.app, jwt);
      const first = (await calls.verify(X_POST)).json();
      const back = await submitForm(first.obj.connectUrl, {
        user: 'new',
        new_username: `down_${userId.slice(0, 6)}`,
      });
      const location = new URL(back.headers.get('location') ?? '');
      const connect = await stack.app.inject({
        method: 'POST',
        url: '/customer/oauth/social/token',
        headers: { ...saasHeaders, jwt_token: jwt },
        payload: {
          platform: 'twitter',
          code: location.searchParams.get('code'),
          state: location.searchParams.get('state'),
        },
      });
      expect(connect.json()).toMatchObject({ success: false, code: '100028' });
      expect(await getBalance(database().db, userId, 'POINT')).toBe(0n);
    });
  });
});
