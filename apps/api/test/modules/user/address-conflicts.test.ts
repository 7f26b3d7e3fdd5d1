import type { Database } from '@ojo/db/client';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { users } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { MSG_KEYS } from '@ojo/domain/error-codes';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bindSmartAccount } from '../../../src/modules/user/auth-service';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describeWithDatabases('smart account already held by another user as a linked wallet', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => database().db;
  const idTokenFor = async (address: Address) => (await app.identity.issue(address)).idToken;

  /** Gives `userId` the address as a linked (connected) wallet, as the wallet-link call stores it. */
  const linkWallet = (database: Database, userId: string, address: Address) =>
    database.insert(userAddresses).values({
      userId,
      platform: 'metamask',
      walletType: 'metamask',
      chainType: 'EVM',
      address: address.toLowerCase(),
      isConnected: true,
    });

  const addressRows = (address: Address) =>
    db().select().from(userAddresses).where(eq(userAddresses.address, address.toLowerCase()));

  const oldUser = () => insertUser(db(), { isOldType: true, web3authAddress: newAddress().toLowerCase() });

  it('login does not register the address as a new user: 409 and nothing written', async () => {
    const holder = await insertUser(db());
    const smartAccount = newAddress();
    await linkWallet(db(), holder.id, smartAccount);

    const response = await app.inject({
      method: 'POST',
      url: '/customer/login',
      headers: saasHeaders,
      payload: { idToken: await idTokenFor(smartAccount), publicKey: smartAccount, sourceType: 'web' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, msgKey: MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND });
    const registered = await db()
      .select()
      .from(users)
      .where(eq(users.smartAccountAddress, smartAccount.toLowerCase()));
    expect(registered).toEqual([]);
    expect((await addressRows(smartAccount)).map((row) => row.userId)).toEqual([holder.id]);
  });

  it('bind is refused with 409 and leaves the old user unchanged', async () => {
    const holder = await insertUser(db());
    const smartAccount = newAddress();
    await linkWallet(db(), holder.id, smartAccount);
    const user = await oldUser();

    const response = await app.inject({
      method: 'POST',
      url: '/customer/bind',
      headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(user.id) },
      payload: {
        idToken: await idTokenFor(smartAccount),
        publicKey: smartAccount,
        platform: 'osp',
        walletType: 'abstract',
        thirdAuthSource: 'OSP',
        channel: 'OSP',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, msgKey: MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND });
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ smartAccountAddress: null, isOldType: true });
    expect((await addressRows(smartAccount)).map((row) => row.userId)).toEqual([holder.id]);
  });

  it('bind racing a wallet link (the link commits after the checks) is refused whole: no osp_aa without its row', async () => {
    const holder = await insertUser(db());
    const smartAccount = newAddress();
    const user = await oldUser();
    // The real database, with the other user's link landing between bind's checks and its transaction.
    const real = db();
    const racing = new Proxy(real, {
      get(target, property) {
        if (property === 'transaction') {
          return async (...args: Parameters<Database['transaction']>) => {
            await linkWallet(target, holder.id, smartAccount);
            return target.transaction(...args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

    await expect(
      bindSmartAccount(
        racing,
        app.identity,
        user,
        {
          idToken: await idTokenFor(smartAccount),
          smartAccountAddress: getAddress(smartAccount),
          platform: 'osp',
          walletType: 'abstract',
        },
        new Date(),
      ),
    ).rejects.toMatchObject({ statusCode: 409, msgKey: MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND });
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ smartAccountAddress: null, isOldType: true });
    expect((await addressRows(smartAccount)).map((row) => row.userId)).toEqual([holder.id]);
  });

  it("bind keeps working when the address row is the user's own", async () => {
    const user = await oldUser();
    const smartAccount = newAddress();
    await linkWallet(db(), user.id, smartAccount);
    await bindSmartAccount(
      db(),
      app.identity,
      user,
      {
        idToken: await idTokenFor(smartAccount),
        smartAccountAddress: smartAccount,
        platform: 'osp',
        walletType: 'abstract',
      },
      new Date(),
    );
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ smartAccountAddress: smartAccount.toLowerCase(), isOldType: false });
    expect((await addressRows(smartAccount)).map((row) => row.userId)).toEqual([user.id]);
  });
});
