import { customerInfoSchema } from '@ojo/api-contract/customer';
import { customerAddresses } from '@ojo/db/schema/customer-addresses';
import { describeWithDatabases } from '@ojo/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertCustomer, TEST_SAAS_ID } from '../../helpers';

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

  const getCustomer = async (customerId: string) =>
    app.inject({
      method: 'GET',
      url: '/customer',
      headers: { saas_id: TEST_SAAS_ID, jwt_token: await app.issueSessionToken(customerId) },
    });

  it('answers the user info of a full user (spec point 3)', async () => {
    const { db } = database();
    const customer = await insertCustomer(db, {
      ospAaAddress: smartAccount,
      handle: 'full_user',
      avatar: 'https://example.test/a.png',
      profileId: '42',
      telegramId: '777',
    });
    const boundAt = new Date('2025-01-02T03:04:05.000Z');
    await db.insert(customerAddresses).values([
      {
        customerId: customer.id,
        platform: 'osp',
        walletType: 'abstract',
        chainType: 'EVM',
        address: smartAccount,
        bindTime: boundAt,
      },
      {
        customerId: customer.id,
        platform: 'others',
        walletType: 'EVM',
        chainType: 'EVM',
        address: linkedWallet,
        isConnected: true,
        bindTime: new Date(boundAt.getTime() + 1000),
      },
    ]);

    const response = await getCustomer(customer.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      code: '0',
      msgKey: 'success',
      obj: {
        id: customer.id,
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
        created: customer.createdAt.getTime(),
      },
    });
    expect(customerInfoSchema.safeParse(body.obj).success).toBe(true);
  });

  it('answers an old user without smart account or profile', async () => {
    const customer = await insertCustomer(database().db, {
      isOldType: true,
      loginProvider: 'google',
      loginSubject: 'google-subject-1',
      web3authAddress: '0x3333333333333333333333333333333333333333',
    });
    const response = await getCustomer(customer.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().obj).toMatchObject({
      id: customer.id,
      isOldType: true,
      profile: null,
      telegramId: null,
      web3authAddress: '0x3333333333333333333333333333333333333333',
      abstractAddress: {},
      addressAll: [],
      connectAddress: {},
    });
  });

  it('answers only the caller, never another customer', async () => {
    const { db } = database();
    const first = await insertCustomer(db, { handle: 'first_one' });
    const second = await insertCustomer(db, { handle: 'second_one' });
    expect((await getCustomer(first.id)).json().obj.profile.handle).toBe('first_one');
    expect((await getCustomer(second.id)).json().obj.profile.handle).toBe('second_one');
  });
});
