import { userInfoSchema } from '@ojo/api-contract/user';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertUser, TEST_SAAS_ID } from '../../helpers';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const smartAccount = '0x1111111111111111111111111111111111111111';
const linkedWallet = '0x2222222222222222222222222222222222222222';

describeWithDatabases('GET /customer', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database()));
    await app.ready();
  });
  afterAll(() => app.close());

  const getUser = async (userId: string) =>
    app.inject({
      method: 'GET',
      url: '/customer',
      headers: { saas_id: TEST_SAAS_ID, jwt_token: await app.issueSessionToken(userId) },
    });

  it('answers the user info of a full user (product.md 3)', async () => {
    const { db } = database();
    const user = await insertUser(db, {
      smartAccountAddress: smartAccount,
      handle: 'full_user',
      avatar: 'https://example.test/a.png',
      profileId: '42',
      telegramId: '777',
    });
    const boundAt = new Date('2025-01-02T03:04:05.000Z');
    await db.insert(userAddresses).values([
      {
        userId: user.id,
        platform: 'osp',
        walletType: 'abstract',
        chainType: 'EVM',
        address: smartAccount,
        bindTime: boundAt,
      },
      {
        userId: user.id,
        platform: 'others',
        walletType: 'EVM',
        chainType: 'EVM',
        address: linkedWallet,
        isConnected: true,
        linkKind: 'partner_token',
        bindTime: new Date(boundAt.getTime() + 1000),
      },
    ]);

    const response = await getUser(user.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      code: '0',
      msgKey: 'success',
      obj: {
        id: user.id,
        isOldType: false,
        profile: { handle: 'full_user', avatar: 'https://example.test/a.png', profileId: '42' },
        telegramId: '777',
        web3authAddress: null,
        abstractAddress: { osp_aa: { address: smartAccount } },
        addressAll: [
          { platform: 'osp', walletType: 'abstract', address: smartAccount, bindTime: boundAt.getTime() },
          {
            platform: 'others',
            walletType: 'EVM',
            address: linkedWallet,
            bindTime: boundAt.getTime() + 1000,
          },
        ],
        connectAddress: { EVM: { address: linkedWallet } },
        linkedWallets: { partner_token: { address: linkedWallet } },
        created: user.createdAt.getTime(),
      },
    });
    expect(userInfoSchema.safeParse(body.obj).success).toBe(true);
  });

  it('answers an old user without smart account or profile', async () => {
    const user = await insertUser(database().db, {
      isOldType: true,
      loginProvider: 'google',
      loginSubject: 'google-subject-1',
      web3authAddress: '0x3333333333333333333333333333333333333333',
    });
    const response = await getUser(user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().obj).toMatchObject({
      id: user.id,
      isOldType: true,
      profile: null,
      telegramId: null,
      web3authAddress: '0x3333333333333333333333333333333333333333',
      abstractAddress: {},
      addressAll: [],
      connectAddress: {},
      linkedWallets: {},
    });
  });

  it('answers only the caller, never another user', async () => {
    const { db } = database();
    const first = await insertUser(db, { handle: 'first_one' });
    const second = await insertUser(db, { handle: 'second_one' });
    expect((await getUser(first.id)).json().obj.profile.handle).toBe('first_one');
    expect((await getUser(second.id)).json().obj.profile.handle).toBe('second_one');
  });
});
