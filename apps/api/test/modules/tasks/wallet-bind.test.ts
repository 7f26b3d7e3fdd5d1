import { getBalance } from '@ojo/db/ledger';
import { ledgerEntries } from '@ojo/db/schema/ledger-entries';
import { tasks } from '@ojo/db/schema/tasks';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { linkWalletMessage } from '@ojo/domain/wallet/wallet-bind';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saasHeaders } from '../../support/identity';
import { newPlayer, startTaskStack, type TestApp, taskCalls } from './task-stack';

/** The day's sign-in the first read of the task list completes (the product knows the player signed in). */
const SIGN_IN_REWARD = 10n;

/** What the badge page does with a player's wallet: a nonce for it, its signature, the bind. */
async function bindWallet(app: TestApp, jwt: string, key = generatePrivateKey(), signWith = key) {
  const wallet = privateKeyToAccount(key);
  const headers = { ...saasHeaders, jwt_token: jwt };
  const nonce = (
    await app.inject({ method: 'GET', url: `/customer/oauth/nonce?publicKey=${wallet.address}`, headers })
  ).json().obj.nonce as string;
  const me = (await app.inject({ method: 'GET', url: '/customer', headers })).json().obj;
  const message = linkWalletMessage({ productName: 'OJO Arena', address: wallet.address, nonce });
  const signature = await privateKeyToAccount(signWith).signMessage({ message });
  const answer = await app.inject({
    method: 'POST',
    url: '/customer/bind/auth',
    headers,
    payload: {
      publicKey: me.abstractAddress.osp_aa.address,
      address: wallet.address,
      nonce,
      signature,
      thirdAuthSource: 'EXTERNAL_WALLET',
      platform: 'others',
      walletType: 'EVM',
    },
  });
  return { body: answer.json(), key };
}

describeWithDatabases(
  'wallet bind (product.md 4, product.md 8 1115/1116/1117) and the wallet_bind task',
  ({ database }) => {
    let stack: Awaited<ReturnType<typeof startTaskStack>>;
    beforeAll(async () => {
      stack = await startTaskStack(database());
    });
    afterAll(async () => stack?.close());

    it('a signed nonce links the wallet; the wallet_bind task is done and paid by the bind itself, once', async () => {
      const { jwt, userId } = await newPlayer(stack.app);
      expect(await getBalance(database().db, userId, 'POINT')).toBe(0n);
      expect((await bindWallet(stack.app, jwt)).body).toMatchObject({ success: true, obj: true });
      // product.md 4 'done once any connected address exists': no verify call in between.
      expect(await getBalance(database().db, userId, 'POINT')).toBe(50n);
      const walletTask = (await taskCalls(stack.app, jwt).list()).find((task) => task.taskId === 411003);
      expect(walletTask?.status).toBe(1);
      const me = (await taskCalls(stack.app, jwt).get('/customer')).json().obj;
      expect(me.connectAddress.EVM.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect((await taskCalls(stack.app, jwt).verify(411003)).json()).toMatchObject({
        success: true,
        obj: { done: true },
      });
      expect(await getBalance(database().db, userId, 'POINT')).toBe(50n + SIGN_IN_REWARD);
      const rewards = await database()
        .db.select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, `task:411003:${userId}:once`));
      expect(rewards).toHaveLength(1);
    });

    it('a wallet_bind task offered after the wallet was linked is done (and paid) when the list is read', async () => {
      const { jwt, userId } = await newPlayer(stack.app);
      const db = database().db;
      await db.update(tasks).set({ isActive: false }).where(eq(tasks.id, 411003));
      try {
        expect((await bindWallet(stack.app, jwt)).body).toMatchObject({ success: true, obj: true });
        expect(await getBalance(db, userId, 'POINT')).toBe(0n);
      } finally {
        await db.update(tasks).set({ isActive: true }).where(eq(tasks.id, 411003));
      }
      const walletTask = (await taskCalls(stack.app, jwt).list()).find((task) => task.taskId === 411003);
      expect(walletTask?.status).toBe(1);
      expect(await getBalance(db, userId, 'POINT')).toBe(50n + SIGN_IN_REWARD);
      await taskCalls(stack.app, jwt).list();
      expect(await getBalance(db, userId, 'POINT')).toBe(50n + SIGN_IN_REWARD);
    });

    it('1115 for another key signature, 1116 for a wallet of another player, 1117 past two wallets', async () => {
      const first = await newPlayer(stack.app);
      const wrong = await bindWallet(stack.app, first.jwt, generatePrivateKey(), generatePrivateKey());
      expect(wrong.body).toMatchObject({ success: false, code: '1115' });
      const { key } = await bindWallet(stack.app, first.jwt);
      const second = await newPlayer(stack.app);
      expect((await bindWallet(stack.app, second.jwt, key)).body).toMatchObject({
        success: false,
        code: '1116',
      });
      expect((await bindWallet(stack.app, first.jwt)).body.success).toBe(true);
      expect((await bindWallet(stack.app, first.jwt)).body).toMatchObject({ success: false, code: '1117' });
    });
  },
);
