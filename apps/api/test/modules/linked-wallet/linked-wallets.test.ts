import { userAddresses } from '@ojo/db/schema/user-addresses';
import { asc, eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import type { LinkedWalletKind } from '@ojo/domain/wallet/wallet-bind';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saasHeaders } from '../../support/identity';
import { newPlayer, startTaskStack, type TestApp } from '../tasks/task-stack';

/** The badge page's link: a nonce for the wallet, its signature, the bind for `linkKind` (absent: not sent). */
async function link(app: TestApp, jwt: string, key = generatePrivateKey(), linkKind?: LinkedWalletKind) {
  const wallet = privateKeyToAccount(key);
  const headers = { ...saasHeaders, jwt_token: jwt };
  const nonce = (
    await app.inject({ method: 'GET', url: `/customer/oauth/nonce?publicKey=${wallet.address}`, headers })
  ).json().obj.nonce as string;
  const me = (await app.inject({ method: 'GET', url: '/customer', headers })).json().obj;
  const message = `Link this wallet to your OJO Arena account.\n\nWallet: ${wallet.address.toLowerCase()}\nNonce: ${nonce}`;
  const answer = await app.inject({
    method: 'POST',
    url: '/customer/bind/auth',
    headers,
    payload: {
      publicKey: me.abstractAddress.osp_aa.address,
      address: wallet.address,
      nonce,
      signature: await wallet.signMessage({ message }),
      thirdAuthSource: 'EXTERNAL_WALLET',
      platform: 'others',
      walletType: 'EVM',
      ...(linkKind ? { linkKind } : {}),
    },
  });
  return { status: answer.statusCode, body: answer.json(), key, address: wallet.address.toLowerCase() };
}

describeWithDatabases(
  'linked wallets: one per kind, locked once set (product.md 2, product.md 8 1116/1117)',
  ({ database }) => {
    let stack: Awaited<ReturnType<typeof startTaskStack>>;
    beforeAll(async () => {
      stack = await startTaskStack(database());
    });
    afterAll(async () => stack?.close());

    const rowsOf = (userId: string) =>
      database()
        .db.select({ address: userAddresses.address, linkKind: userAddresses.linkKind })
        .from(userAddresses)
        .where(eq(userAddresses.userId, userId))
        .orderBy(asc(userAddresses.bindTime), asc(userAddresses.id));
    const me = async (jwt: string) =>
      (
        await stack.app.inject({
          method: 'GET',
          url: '/customer',
          headers: { ...saasHeaders, jwt_token: jwt },
        })
      ).json().obj;

    it('links one wallet per kind, answers them in linkedWallets, and refuses a third wallet with 1117', async () => {
      const player = await newPlayer(stack.app);
      const nft = await link(stack.app, player.jwt, undefined, 'partner_token');
      expect(nft.body).toMatchObject({ success: true, obj: true });
      // No kind asked: the first kind still free.
      const other = await link(stack.app, player.jwt);
      expect(other.body).toMatchObject({ success: true, obj: true });
      expect((await me(player.jwt)).linkedWallets).toEqual({
        partner_token: { address: nft.address },
        partner_nft: { address: other.address },
      });
      const before = await rowsOf(player.userId);
      const third = await link(stack.app, player.jwt, undefined, 'partner_nft');
      expect(third.status).toBe(200);
      expect(third.body).toMatchObject({ success: false, code: '1117' });
      expect(await link(stack.app, player.jwt)).toMatchObject({ body: { success: false, code: '1117' } });
      expect(await rowsOf(player.userId)).toEqual(before);
    });

    it('refuses to replace the wallet of a kind that is set, and the same wallet for the other kind', async () => {
      const player = await newPlayer(stack.app);
      const first = await link(stack.app, player.jwt, undefined, 'partner_nft');
      expect(first.body.success).toBe(true);
      const before = await rowsOf(player.userId);
      const replacement = await link(stack.app, player.jwt, undefined, 'partner_nft');
      expect(replacement.body).toMatchObject({
        success: false,
        code: '1117',
        msgKey: 'wallet.bind.kind.locked',
      });
      const sameForToken = await link(stack.app, player.jwt, first.key, 'partner_token');
      expect(sameForToken.body).toMatchObject({ success: false, code: '1117' });
      expect(await rowsOf(player.userId)).toEqual(before);
      // The same link again is a success and changes nothing.
      expect((await link(stack.app, player.jwt, first.key, 'partner_nft')).body).toMatchObject({
        success: true,
        obj: true,
      });
      expect(await rowsOf(player.userId)).toEqual(before);
      // The free kind is still free.
      expect((await link(stack.app, player.jwt, undefined, 'partner_token')).body.success).toBe(true);
    });

    it('refuses a wallet bound to another account with 1116, whatever kind is asked', async () => {
      const owner = await newPlayer(stack.app);
      const held = await link(stack.app, owner.jwt, undefined, 'partner_nft');
      expect(held.body.success).toBe(true);
      const other = await newPlayer(stack.app);
      for (const kind of ['partner_nft', 'partner_token'] as const) {
        expect((await link(stack.app, other.jwt, held.key, kind)).body).toMatchObject({
          success: false,
          code: '1116',
        });
      }
      expect((await rowsOf(other.userId)).filter((row) => row.address === held.address)).toEqual([]);
    });

    it('refuses an unknown kind as bad input, changing nothing', async () => {
      const player = await newPlayer(stack.app);
      const answer = await link(stack.app, player.jwt, undefined, 'partner_coin' as LinkedWalletKind);
      expect(answer.status).toBe(400);
      expect((await me(player.jwt)).linkedWallets).toEqual({});
    });

    it('two links of one kind in the same moment set one wallet; the other is refused with 1117', async () => {
      const player = await newPlayer(stack.app);
      const answers = await Promise.all([
        link(stack.app, player.jwt, undefined, 'partner_token'),
        link(stack.app, player.jwt, undefined, 'partner_token'),
      ]);
      expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
      expect(answers.find((answer) => !answer.body.success)?.body.code).toBe('1117');
      expect((await rowsOf(player.userId)).filter((row) => row.linkKind === 'partner_token')).toHaveLength(1);
    });
  },
);
