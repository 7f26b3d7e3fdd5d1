import { type MintRequest, mintWithSignatureCall } from '@ojo/contracts/badge-mint';
import { badgeNFTAbi } from '@ojo/contracts/generated/abis';
import { badgeClaims } from '@ojo/db/schema/badges';
import { taskCompletions, tasks } from '@ojo/db/schema/tasks';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import type { User } from '@ojo/db/schema/users';
import { eq, inArray } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, getAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const client = () => createDevnetPublicClient(chain.rpcUrl);
/** Anyone may send a signed request (here a funded spare key; the web sends it through the session key). */
const minterKey = devnetKeys.spare[5];

interface Row {
  claimableId: string;
  address: Address;
  royaltyRecipient: Address;
  royaltyBps: string;
  primarySaleRecipient: Address;
  tokenId: string;
  uri: string;
  quantity: string;
  pricePerToken: string;
  currency: Address;
  validityStartTimestamp: string;
  validityEndTimestamp: string;
  uid: Hex;
  signature: Hex;
  contractAddress: Address;
}
const requestOf = (row: Row): MintRequest => ({
  to: row.address,
  royaltyRecipient: row.royaltyRecipient,
  royaltyBps: BigInt(row.royaltyBps),
  primarySaleRecipient: row.primarySaleRecipient,
  tokenId: BigInt(row.tokenId),
  uri: row.uri,
  quantity: BigInt(row.quantity),
  pricePerToken: BigInt(row.pricePerToken),
  currency: row.currency,
  validityStart: BigInt(row.validityStartTimestamp),
  validityEnd: BigInt(row.validityEndTimestamp),
  uid: row.uid,
});
async function mint(rows: Row[]): Promise<Hex> {
  const wallet = createDevnetWalletClient(chain.rpcUrl, minterKey);
  let last: Hex = '0x';
  for (const row of rows) {
    const call = mintWithSignatureCall(row.contractAddress, requestOf(row), row.signature);
    last = await wallet.sendTransaction({ to: call.to, data: call.data, chain: null });
    expect((await client().waitForTransactionReceipt({ hash: last })).status).toBe('success');
  }
  return last;
}

describeWithDatabases('badges (devnet)', ({ database }) => {
  let app: TestApp;
  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), {
      ...chain.env,
      JOB_POLL_INTERVAL_MS: '100',
      BADGE_MINT_WATCH_INTERVAL_MS: '500',
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const headersOf = async (user: User) => ({
    ...saasHeaders,
    jwt_token: await app.issueSessionToken(user.id),
  });
  const call = async (user: User, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    (
      await app.inject({ method, url, headers: await headersOf(user), ...(payload ? { payload } : {}) })
    ).json();
  const player = (account: Address = newAddress()) =>
    insertUser(database().db, { smartAccountAddress: account.toLowerCase() });
  const badgeOf = async (user: User, series: string, level = '1') => {
    const answer = await call(user, 'GET', `/v1/series/badge/${series}`);
    return answer.obj.nfts.find((badge: { level: string }) => badge.level === level);
  };
  const completeTasks = async (user: User, codes: string[]) => {
    const rows = await database().db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.code, codes));
    await database()
      .db.insert(taskCompletions)
      .values(
        rows.map((task) => ({
          userId: user.id,
          taskId: task.id,
          periodKey: 'once',
          progress: 1,
          completedAt: new Date(),
        })),
      );
  };
  const balanceOf = (account: Address, tokenId: bigint) =>
    client().readContract({
      address: chain.deployments.contracts.BadgeNFT,
      abi: badgeNFTAbi,
      functionName: 'balanceOf',
      args: [account, tokenId],
    });

  it('onboarding: pending with progress, claimable after the tasks and the check, claimed once the chain confirms', async () => {
    const account = newAddress();
    const user = await player(account);
    const pending = await badgeOf(user, 'OnboardingBadge');
    expect(pending).toMatchObject({ status: 'pending', claimableId: null });
    // The signed-in player's daily sign-in counts without a verify: the product knows it.
    expect(pending.progress).toEqual([
      { type: 'task_count', name: 'Onboarding tasks', value: '1', condition: '2' },
    ]);
    expect((await call(user, 'POST', '/v1/check/badge', { limitType: 'LIMIT' })).obj).toEqual({
      claimableCount: 0,
    });

    await completeTasks(user, ['osp_profile_create']);
    expect((await call(user, 'POST', '/v1/check/badge', { limitType: 'LIMIT' })).obj).toEqual({
      claimableCount: 1,
    });
    expect((await call(user, 'GET', '/v1/badges?status=CLAIMABLE&strategy=all')).obj.rows).toBe(1);
    expect(await badgeOf(user, 'OnboardingBadge')).toMatchObject({ status: 'claimable' });

    // A double click, a retry, two tabs: the same signed request (same uid) every time.
    const [first, second] = await Promise.all([
      call(user, 'POST', '/wallets/claim/badges'),
      call(user, 'POST', '/wallets/claim/badges'),
    ]);
    const third = await call(user, 'POST', '/wallets/claim/tokens/1001');
    expect(first.obj).toHaveLength(1);
    expect(second.obj[0].uid).toBe(first.obj[0].uid);
    expect(third.obj.uid).toBe(first.obj[0].uid);
    expect(first.obj[0]).toMatchObject({
      address: getAddress(account),
      contractAddress: chain.deployments.contracts.BadgeNFT,
      tokenId: '1001',
      quantity: '1',
      pricePerToken: '0',
    });

    const hash = await mint([first.obj[0]]);
    expect(
      (await call(user, 'POST', '/tx/sync', { hash, claimableIds: [first.obj[0].claimableId] })).obj,
    ).toEqual({
      syncState: 'SYNCING',
    });
    const processed = await call(user, 'POST', `/v1/transaction/process/${hash}`);
    expect(processed.obj).toEqual({ claimed: 1, syncState: 'SYNCED' });
    // The answer does not depend on who recorded the mint first (this call, the mint watcher, a retry).
    expect((await call(user, 'POST', `/v1/transaction/process/${hash}`)).obj).toEqual({
      claimed: 1,
      syncState: 'SYNCED',
    });
    expect(await badgeOf(user, 'OnboardingBadge')).toMatchObject({ status: 'claimed', syncState: 'SYNCED' });
    expect(await balanceOf(account, 1001n)).toBe(1n);
    // The second tab's copy of the same request mints nothing more.
    const wallet = createDevnetWalletClient(chain.rpcUrl, minterKey);
    await expect(
      client().simulateContract({
        account: wallet.account,
        address: chain.deployments.contracts.BadgeNFT,
        abi: badgeNFTAbi,
        functionName: 'mintWithSignature',
        args: [requestOf(second.obj[0]), second.obj[0].signature],
      }),
    ).rejects.toThrow(/UidAlreadyUsed/);
    expect((await call(user, 'POST', '/wallets/claim/badges')).obj).toEqual([]);
    const claimAgain = await app.inject({
      method: 'POST',
      url: '/wallets/claim/tokens/1001',
      headers: await headersOf(user),
    });
    expect(claimAgain.statusCode).toBe(409);
  });

  it('asset badge: a linked wallet holding a PartnerNFT makes the NFT badge claimable; a mint nobody reported is still seen', async () => {
    const user = await player();
    const holder = newAddress().toLowerCase();
    await database().db.insert(userAddresses).values({
      userId: user.id,
      platform: 'others',
      walletType: 'EVM',
      chainType: 'EVM',
      address: holder,
      isConnected: true,
      linkKind: 'partner_nft',
    });
    expect((await call(user, 'GET', '/nft/checker/2001')).obj.isEligible).toBe(false);
    await call(user, 'POST', '/v1/check/badge', { limitType: 'LIMIT' });
    expect(await badgeOf(user, 'DojoBadge', '1')).toMatchObject({ status: 'pending' });

    const faucet = await call(user, 'POST', '/devnet/faucet/partner', { address: holder, asset: 'nft' });
    expect(faucet.success).toBe(true);
    expect((await call(user, 'GET', '/nft/checker/2001')).obj.isEligible).toBe(true);
    expect((await call(user, 'POST', '/v1/check/badge', { limitType: 'LIMIT' })).obj.claimableCount).toBe(1);
    expect(await badgeOf(user, 'DojoBadge', '1')).toMatchObject({ status: 'claimable' });
    // The token badge and the both-assets badge need the partner token too.
    expect(await badgeOf(user, 'DojoBadge', '2')).toMatchObject({ status: 'pending' });
    expect(await badgeOf(user, 'DojoBadge', '3')).toMatchObject({
      status: 'pending',
      progress: [{ value: '1', condition: '2' }],
    });
    // Each linked wallet is read for its own kind only: the partner token in the NFT wallet does not count.
    expect(
      (await call(user, 'POST', '/devnet/faucet/partner', { address: holder, asset: 'token' })).success,
    ).toBe(true);
    expect((await call(user, 'GET', '/nft/checker/2002')).obj.isEligible).toBe(false);
    expect(await badgeOf(user, 'DojoBadge', '2')).toMatchObject({ status: 'pending' });

    const rows = (await call(user, 'POST', '/wallets/claim/badges')).obj;
    await mint(rows);
    // Not reported through /tx/sync nor /v1/transaction/process: the next read sees the chain.
    expect(await badgeOf(user, 'DojoBadge', '1')).toMatchObject({ status: 'claimed' });
  });

  it('asset badge: the partner token counts in the wallet linked for the partner token, not in the NFT wallet', async () => {
    const user = await player();
    const [nftWallet, tokenWallet] = [newAddress().toLowerCase(), newAddress().toLowerCase()];
    await database()
      .db.insert(userAddresses)
      .values(
        (
          [
            [nftWallet, 'partner_nft'],
            [tokenWallet, 'partner_token'],
          ] as const
        ).map(([address, linkKind]) => ({
          userId: user.id,
          platform: 'others',
          walletType: 'EVM',
          chainType: 'EVM' as const,
          address,
          isConnected: true,
          linkKind,
        })),
      );
    expect(
      (await call(user, 'POST', '/devnet/faucet/partner', { address: nftWallet, asset: 'token' })).success,
    ).toBe(true);
    expect((await call(user, 'GET', '/nft/checker/2002')).obj.isEligible).toBe(false);
    expect(
      (await call(user, 'POST', '/devnet/faucet/partner', { address: tokenWallet, asset: 'token' })).success,
    ).toBe(true);
    expect((await call(user, 'GET', '/nft/checker/2002')).obj.isEligible).toBe(true);
    expect((await call(user, 'GET', '/nft/checker/2001')).obj.isEligible).toBe(false);
  });

  it('progress feeds: Hood is given only by an operator row (allow type NO); Splash stays 0 (no Splash yet)', async () => {
    const user = await player();
    await call(user, 'POST', '/v1/check/badge', { limitType: 'LIMIT' });
    // allow type NO: no check makes Hood claimable (the web hides pending Hood badges, product.md 4).
    expect(await badgeOf(user, 'Hood')).toMatchObject({ status: 'pending' });
    expect(await badgeOf(user, 'SplashRoi')).toMatchObject({ status: 'pending', progress: [{ value: '0' }] });
    await database()
      .db.insert(badgeClaims)
      .values({
        userId: user.id,
        badgeId: 7001,
        address: user.smartAccountAddress as string,
        uid: `0x${generatePrivateKey().slice(2)}`,
      });
    expect(await badgeOf(user, 'Hood')).toMatchObject({ status: 'claimable' });
  });

  it('refuses the faucet for a wallet that is not the player’s, and a mint request for another account', async () => {
    const user = await player();
    const refused = await app.inject({
      method: 'POST',
      url: '/devnet/faucet/partner',
      headers: await headersOf(user),
      payload: { address: newAddress(), asset: 'nft' },
    });
    expect(refused.statusCode).toBe(403);
    const other = await app.inject({
      method: 'POST',
      url: '/v1/mint/badge',
      headers: await headersOf(user),
      payload: { customerAddress: newAddress(), nftType: 'badge' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('the mint watcher marks a mint nobody reported claimed, without any read of the player', async () => {
    const user = await player();
    await completeTasks(user, ['sign_in', 'osp_profile_create']);
    await call(user, 'POST', '/v1/check/badge', { limitType: 'LIMIT' });
    const rows = (await call(user, 'POST', '/wallets/claim/badges')).obj;
    expect(rows).toHaveLength(1);
    await mint(rows);
    await expect
      .poll(
        async () =>
          (
            await database()
              .db.select({ status: badgeClaims.status })
              .from(badgeClaims)
              .where(eq(badgeClaims.userId, user.id))
          )[0]?.status,
        { timeout: 20_000 },
      )
      .toBe('claimed');
  });

  describe('data', () => {
    it('lists the spec series, categories and allow types, and every badge as data', async () => {
      const types = (await app.inject({ method: 'GET', url: '/badges/type', headers: saasHeaders })).json()
        .obj;
      expect(types.series).toEqual([
        'OnboardingBadge',
        'DojoBadge',
        'DojoDash',
        'DailyDriver',
        'SplashRoi',
        'SplashTotalRoi',
        'Hood',
        'KyuTrainer',
      ]);
      expect(types.categories).toEqual(['LEADER_BOARD', 'EARLY_BIRD', 'ADMIN']);
      expect(types.allowTypes).toEqual(['NO', 'GTD', 'FCFS']);
      const all = (await app.inject({ method: 'GET', url: '/badges', headers: saasHeaders })).json().obj;
      expect(new Set(all.map((badge: { series: string }) => badge.series)).size).toBe(8);
    });
  });
});
