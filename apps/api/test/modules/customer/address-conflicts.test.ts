import type { Database } from '@ojo/db/client';
import { customerAddresses } from '@ojo/db/schema/customer-addresses';
import { customers } from '@ojo/db/schema/customers';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { MSG_KEYS } from '@ojo/domain/error-codes';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bindSmartAccount } from '../../../src/modules/customer/auth-service';
import { buildTestApp, insertCustomer } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describeWithDatabases('smart account already held by another customer as a linked wallet', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => database().db;
  const idTokenFor = async (address: Address) => (await app.identity.issue(address)).idToken;

  /** Gives `customerId` the address as a linked (connected) wallet, as the wallet-link call stores it. */
  const linkWallet = (database: Database, customerId: string, address: Address) =>
    database.insert(customerAddresses).values({
      customerId,
      platform: 'metamask',
      walletType: 'metamask',
      chainType: 'EVM',
      address: address.toLowerCase(),
      isConnected: true,
    });

  const addressRows = (address: Address) =>
    db().select().from(customerAddresses).where(eq(customerAddresses.address, address.toLowerCase()));

  const oldUser = () =>
    insertCustomer(db(), { isOldType: true, web3authAddress: newAddress().toLowerCase() });

  it('login does not register the address as a new customer: 409 and nothing written', async () => {
    const holder = await insertCustomer(db());
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
      .from(customers)
      .where(eq(customers.ospAaAddress, smartAccount.toLowerCase()));
    expect(registered).toEqual([]);
    expect((await addressRows(smartAccount)).map((row) => row.customerId)).toEqual([holder.id]);
  });

  it('bind is refused with 409 and leaves the old user unchanged', async () => {
    const holder = await insertCustomer(db());
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
    const [after] = await db().select().from(customers).where(eq(customers.id, user.id));
    expect(after).toMatchObject({ ospAaAddress: null, isOldType: true });
    expect((await addressRows(smartAccount)).map((row) => row.customerId)).toEqual([holder.id]);
  });

  it('bind racing a wallet link (the link commits after the checks) is refused whole: no osp_aa without its row', async () => {
    const holder = await insertCustomer(db());
    const smartAccount = newAddress();
    const user = await oldUser();
    // The real database, with the other customer's link landing between bind's checks and its transaction.
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
          publicKey: getAddress(smartAccount),
          platform: 'osp',
          walletType: 'abstract',
        },
        new Date(),
      ),
    ).rejects.toMatchObject({ statusCode: 409, msgKey: MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND });
    const [after] = await db().select().from(customers).where(eq(customers.id, user.id));
    expect(after).toMatchObject({ ospAaAddress: null, isOldType: true });
    expect((await addressRows(smartAccount)).map((row) => row.customerId)).toEqual([holder.id]);
  });

  it("bind keeps working when the address row is the customer's own", async () => {
    const user = await oldUser();
    const smartAccount = newAddress();
    await linkWallet(db(), user.id, smartAccount);
    await bindSmartAccount(
      db(),
      app.identity,
      user,
      {
        idToken: await idTokenFor(smartAccount),
        publicKey: smartAccount,
        platform: 'osp',
        walletType: 'abstract',
      },
      new Date(),
    );
    const [after] = await db().select().from(customers).where(eq(customers.id, user.id));
    expect(after).toMatchObject({ ospAaAddress: smartAccount.toLowerCase(), isOldType: false });
    expect((await addressRows(smartAccount)).map((row) => row.customerId)).toEqual([user.id]);
  });
});
