import { getBalance } from '@ojo/db/ledger';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import { tasks } from '@ojo/db/schema/tasks';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { users } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { splitTaskDescription } from '@ojo/domain/tasks/task';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { completeDoTaskJob } from '../../../src/modules/tasks/complete-do-task.job';
import { newPlayer, startTaskStack, taskCalls } from './task-stack';

const SIGN_IN = 411001;
const PROFILE_CREATE = 411002;
const WALLET_BIND = 411003;
const PLAY_GAME = 411004;

describeWithDatabases('tasks: the list, verify, do-task and rewards credited once', ({ database }) => {
  let stack: Awaited<ReturnType<typeof startTaskStack>>;
  beforeAll(async () => {
    stack = await startTaskStack(database());
  });
  afterAll(async () => stack?.close());

  it("lists the spec's ladder tasks in the operator's order, todo but the day's sign-in, each marker equal to its reward", async () => {
    const { jwt } = await newPlayer(stack.app);
    const list = await taskCalls(stack.app, jwt).list();
    expect(list.map((task) => task.code)).toEqual([
      'sign_in',
      'osp_profile_create',
      'wallet_bind',
      'subject_post_x',
      'connect_tg',
      'join_discord',
    ]);
    expect(list.filter((task) => task.status !== 0).map((task) => task.code)).toEqual(['sign_in']);
    for (const task of list) expect(String(splitTaskDescription(task.desc).points)).toBe(task.rewardAmount);
    // The X task opens the stand-in's composer with the required text (the real X is the same variable).
    expect(list.find((task) => task.code === 'subject_post_x')?.url).toContain(
      `${stack.standIns.url}/x/intent/post?text=`,
    );
  });

  it('an operator changes a row, not code: a new title, reward and order show in the next list', async () => {
    const { jwt } = await newPlayer(stack.app);
    // Listed once before the change, so a list kept from that read would show the old order.
    expect((await taskCalls(stack.app, jwt).list()).at(-1)?.code).toBe('join_discord');
    await database()
      .db.update(tasks)
      .set({ sortOrder: 99, title: 'Link any wallet' })
      .where(eq(tasks.id, WALLET_BIND));
    const list = await taskCalls(stack.app, jwt).list();
    expect(list.at(-1)).toMatchObject({ code: 'wallet_bind', title: 'Link any wallet' });
    await database()
      .db.update(tasks)
      .set({ sortOrder: 30, title: 'Link a wallet' })
      .where(eq(tasks.id, WALLET_BIND));
  });

  it("an operator's SQL that retires a task or adds one shows in the next list; a rolled-back change does not", async () => {
    const { jwt } = await newPlayer(stack.app);
    const codes = async () => (await taskCalls(stack.app, jwt).list()).map((task) => task.code);
    const before = await codes();
    await database().db.update(tasks).set({ isActive: false }).where(eq(tasks.id, PROFILE_CREATE));
    expect(await codes()).toEqual(before.filter((code) => code !== 'osp_profile_create'));
    await database()
      .db.transaction(async (tx) => {
        await tx.update(tasks).set({ isActive: true }).where(eq(tasks.id, PROFILE_CREATE));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await codes()).toEqual(before.filter((code) => code !== 'osp_profile_create'));
    await database().db.insert(tasks).values({
      id: 419999,
      code: 'operator_added',
      domain: 'social',
      verifier: 'profile_create',
      title: 'Added by an operator',
      rewardAmount: 5n,
      sortOrder: 1000,
    });
    await database().db.update(tasks).set({ isActive: true }).where(eq(tasks.id, PROFILE_CREATE));
    expect(await codes()).toEqual([...before, 'operator_added']);
    await database().db.delete(tasks).where(eq(tasks.id, 419999));
    expect(await codes()).toEqual(before);
  });

  it('100 concurrent verifies of one task credit its reward once', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    const answers = await Promise.all(Array.from({ length: 100 }, () => calls.verify(SIGN_IN)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
    expect(answers.every((answer) => answer.json().obj.done === true)).toBe(true);
    expect(await getBalance(database().db, userId, 'POINT')).toBe(10n);
    const entries = await database().db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(entries).toHaveLength(1);
    const list = await calls.list();
    expect(list.find((task) => task.taskId === SIGN_IN)?.status).toBe(1);
  });

  it('what the product knows is done when the list is read, without a verify: the sign-in, the profile, paid once', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    const stateOf = async () =>
      Object.fromEntries((await calls.list()).map((task) => [task.code, task.status !== 0]));
    expect(await stateOf()).toMatchObject({ sign_in: true, osp_profile_create: false, wallet_bind: false });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(10n);
    await database()
      .db.update(users)
      .set({ handle: `d${userId.slice(0, 8)}` })
      .where(eq(users.id, userId));
    expect(await stateOf()).toMatchObject({ sign_in: true, osp_profile_create: true, wallet_bind: false });
    await stateOf();
    expect(await getBalance(database().db, userId, 'POINT')).toBe(110n);
    expect((await calls.get(`/v2/tasks/detail?taskId=${PROFILE_CREATE}`)).json().obj.status).toBe(1);
  });

  it('osp_profile_create is done only once the profile exists', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    const before = await calls.verify(PROFILE_CREATE);
    expect(before.json()).toMatchObject({
      success: false,
      code: 'TASK_NOT_MET',
      obj: { code: 'osp_profile_create', done: false },
    });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(0n);
    await database()
      .db.update(users)
      .set({ handle: `p${userId.slice(0, 8)}` })
      .where(eq(users.id, userId));
    expect((await calls.verify(PROFILE_CREATE)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(100n);
  });

  it('product.md 4: wallet bind is done once any connected address exists', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    expect((await calls.verify(WALLET_BIND)).json().success).toBe(false);
    await database()
      .db.insert(userAddresses)
      .values({
        userId,
        platform: 'others',
        walletType: 'EVM',
        chainType: 'EVM',
        address: `0x${userId.replaceAll('-', '').padEnd(40, '0')}`,
        isConnected: true,
      });
    expect((await calls.verify(WALLET_BIND)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(50n);
  });

  it('play game (411004) is done by a played round only, once a UTC day; a checked task is refused as a do-task', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    // Asking is not playing: neither do-task nor verify completes it or credits anything.
    for (const ask of [calls.doTask, calls.verify]) {
      const early = (await ask(PLAY_GAME)).json();
      expect(early).toMatchObject({ success: false, code: 'TASK_NOT_MET', obj: { done: false } });
    }
    expect(await getBalance(database().db, userId, 'POINT')).toBe(0n);
    // A settled round enqueues the tasks job (settle-round.ts); it completes the task, twice run or not.
    const job = { payload: { userId, taskId: PLAY_GAME }, deps: { db: database().db } };
    for (let run = 0; run < 2; run += 1)
      await completeDoTaskJob.handle(job as unknown as Parameters<typeof completeDoTaskJob.handle>[0]);
    expect((await calls.doTask(PLAY_GAME)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect((await calls.verify(PLAY_GAME)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(20n);
    const detail = await calls.get(`/v2/tasks/detail?taskId=${PLAY_GAME}`);
    expect(detail.json().obj).toMatchObject({ taskId: PLAY_GAME, status: 1, labelName: 'TODAY' });
    const refused = await calls.doTask(PROFILE_CREATE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TASK_NEEDS_VERIFY');
  });

  it('two play-game jobs of one player at once, each in its own transaction as the runner runs them: one credit, one reward named', async () => {
    const { userId } = await newPlayer(stack.app);
    const db = database().db;
    const run = () =>
      db.transaction((tx) =>
        completeDoTaskJob.handle({
          payload: { userId, taskId: PLAY_GAME },
          deps: { db },
          tx,
        } as unknown as Parameters<typeof completeDoTaskJob.handle>[0]),
      );
    const results = (await Promise.all([run(), run()])) as { reward: unknown }[];
    expect(results.filter((result) => result.reward !== null)).toHaveLength(1);
    expect(await getBalance(db, userId, 'POINT')).toBe(20n);
  });

  it('404006 for a task that is not offered; bad ids are a 400; no session is a 401', async () => {
    const { jwt } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    const missing = await calls.verify(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: '404006' });
    expect((await calls.verify(Number.NaN)).statusCode).toBe(400);
    expect((await calls.get('/v2/tasks/code/sign_in')).json().obj).toMatchObject({ taskId: SIGN_IN });
    expect((await calls.get('/v2/tasks/code/NOT-A-CODE')).statusCode).toBe(400);
    const anonymous = await stack.app.inject({
      method: 'GET',
      url: '/v2/tasks/list',
      headers: { saas_id: 'ojo-arena-test' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('doquests verifies every open task once; sync/doquests answers the refreshed task', async () => {
    const { jwt, userId } = await newPlayer(stack.app);
    const doQuests = await stack.app.inject({
      method: 'POST',
      url: '/v2/tasks/doquests?channel=pc&position=ladder',
      headers: { saas_id: 'ojo-arena-test', jwt_token: jwt },
    });
    const outcomes = doQuests.json().obj as { code: string; done: boolean; connectUrl: string | null }[];
    // The day's sign-in is done by the list doquests reads; nothing else passes without anything done elsewhere,
    // and the platform tasks name where to connect.
    expect(outcomes.map((outcome) => outcome.code)).not.toContain('sign_in');
    expect(outcomes).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome.done)).toEqual([]);
    expect(outcomes.find((outcome) => outcome.code === 'join_discord')?.connectUrl).toContain(
      '/discord/oauth2/authorize?',
    );
    expect(await getBalance(database().db, userId, 'POINT')).toBe(10n);
    await database()
      .db.update(users)
      .set({ handle: `s${userId.slice(0, 8)}` })
      .where(eq(users.id, userId));
    const synced = await stack.app.inject({
      method: 'POST',
      url: `/v2/tasks/sync/doquests?taskId=${PROFILE_CREATE}`,
      headers: { saas_id: 'ojo-arena-test', jwt_token: jwt },
    });
    expect(synced.json().obj).toMatchObject({ taskId: PROFILE_CREATE, status: 1, state: 'DONE' });
    expect(await getBalance(database().db, userId, 'POINT')).toBe(110n);
  });

  it('the X post a task asks for, with the player’s invite link and the brand tags; another task has none', async () => {
    const { jwt } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    const tweet = (await calls.get('/v2/tasks/twitter/tweets/411005')).json().obj;
    const { inviteCode } = (
      await stack.app.inject({
        method: 'GET',
        url: '/customer/invite',
        headers: { saas_id: 'ojo-arena-test', jwt_token: jwt },
      })
    ).json().obj as { inviteCode: string };
    // The verifier looks for the required text and link: they open the post, whole.
    expect(tweet.text.startsWith(`${tweet.requiredText} ${tweet.requiredLink} `)).toBe(true);
    expect(tweet.text).toContain(`/?inviteCode=${inviteCode}&sourceType=web`);
    for (const part of ['@OJOArena', '#OJOArena', '$OJO']) expect(tweet.text).toContain(part);
    expect(new URL(tweet.intentUrl).searchParams.get('text')).toBe(tweet.text);
    expect((await calls.get(`/v2/tasks/twitter/tweets/${SIGN_IN}`)).statusCode).toBe(404);
  });

  it('the check-in task (411010) is done once the player checked in today, as the check-in says', async () => {
    const { jwt } = await newPlayer(stack.app);
    const calls = taskCalls(stack.app, jwt);
    expect((await calls.verify(411010)).json()).toMatchObject({ success: false, obj: { done: false } });
    const checkIn = await stack.app.inject({
      method: 'POST',
      url: '/v2/tasks/checkin',
      headers: { saas_id: 'ojo-arena-test', jwt_token: jwt },
    });
    expect(checkIn.json().success).toBe(true);
    expect((await calls.verify(411010)).json()).toMatchObject({ success: true, obj: { done: true } });
    expect((await calls.get('/v2/tasks/detail?taskId=411010')).json().obj).toMatchObject({
      status: 1,
      labelName: 'TODAY',
    });
  });

  it('the ladder rewards list what each task pays', async () => {
    const { jwt } = await newPlayer(stack.app);
    const rewards = (await taskCalls(stack.app, jwt).get('/v2/tasks/ladder/reward')).json().obj;
    expect(rewards[0]).toEqual({
      taskId: SIGN_IN,
      code: 'sign_in',
      title: 'Daily sign in',
      rewardType: 'POINT',
      rewardAmount: '10',
    });
  });
});

describeWithDatabases('tasks: verify is rate-limited per player', ({ database }) => {
  let stack: Awaited<ReturnType<typeof startTaskStack>>;
  beforeAll(async () => {
    stack = await startTaskStack(database(), { TASK_VERIFY_RATE_MAX: '3' });
  });
  afterAll(async () => stack?.close());

  it("a player's 4th verify in the window is busy (100028); another player is not affected", async () => {
    const first = taskCalls(stack.app, (await newPlayer(stack.app)).jwt);
    for (let index = 0; index < 3; index += 1)
      expect((await first.verify(PROFILE_CREATE)).statusCode).toBe(200);
    const limited = await first.verify(PROFILE_CREATE);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: '100028', msgKey: 'task.service.busy' });
    const second = taskCalls(stack.app, (await newPlayer(stack.app)).jwt);
    expect((await second.verify(PROFILE_CREATE)).statusCode).toBe(200);
  });
});
