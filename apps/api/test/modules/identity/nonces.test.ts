import { authNonces } from '@ojo/db/schema/auth-nonces';
import { describeWithDatabases } from '@ojo/db/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consumeNonce, NONCE_PURPOSE } from '../../../src/modules/identity/nonces';
import { buildTestApp } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

describeWithDatabases('sign-in nonces do not pile up', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const storedNonces = async () =>
    (await database().db.select({ nonce: authNonces.nonce }).from(authNonces)).map((row) => row.nonce).sort();
  const siweNonce = async () => {
    const response = await app.inject({ method: 'GET', url: '/identity/siwe/nonce', headers: saasHeaders });
    expect(response.statusCode).toBe(200);
    return response.json().obj.nonce as string;
  };
  const walletNonce = async (publicKey: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/customer/oauth/nonce?publicKey=${publicKey}`,
      headers: saasHeaders,
    });
    expect(response.statusCode).toBe(200);
    return response.json().obj.nonce as string;
  };

  it('deletes expired and consumed nonces when issuing a new one, and keeps the open ones usable', async () => {
    const db = database().db;
    await db.delete(authNonces);
    const hourAgo = new Date(Date.now() - 3_600_000);
    const inTenMinutes = new Date(Date.now() + 600_000);
    await db.insert(authNonces).values([
      { nonce: 'expired', purpose: NONCE_PURPOSE.siwe, publicKey: '', expiresAt: hourAgo },
      {
        nonce: 'consumed',
        purpose: NONCE_PURPOSE.siwe,
        publicKey: '0xabc',
        expiresAt: inTenMinutes,
        consumedAt: new Date(),
      },
      { nonce: 'open', purpose: NONCE_PURPOSE.siwe, publicKey: '', expiresAt: inTenMinutes },
    ]);

    const fresh = await siweNonce();
    expect(await storedNonces()).toEqual(['open', fresh].sort());

    const signer = privateKeyToAccount(generatePrivateKey()).address;
    expect(await consumeNonce(db, { nonce: 'open', purpose: NONCE_PURPOSE.siwe, publicKey: signer })).toBe(
      true,
    );
    const forWallet = await walletNonce(signer);
    expect(await storedNonces()).toEqual([fresh, forWallet].sort());
    expect(await consumeNonce(db, { nonce: fresh, purpose: NONCE_PURPOSE.siwe, publicKey: signer })).toBe(
      true,
    );
  });

  it('keeps the table at the number of open nonces however often sign-ins complete', async () => {
    const db = database().db;
    await db.delete(authNonces);
    const signer = privateKeyToAccount(generatePrivateKey()).address;
    for (let round = 0; round < 20; round += 1) {
      const nonce = await siweNonce();
      expect(await consumeNonce(db, { nonce, purpose: NONCE_PURPOSE.siwe, publicKey: signer })).toBe(true);
    }
    // The last consumed nonce goes with the next issue.
    const last = await siweNonce();
    expect(await storedNonces()).toEqual([last]);
  });
});
