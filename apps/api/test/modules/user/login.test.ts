import { authNonces } from '@ojo/db/schema/auth-nonces';
import { users } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { MSG_KEYS } from '@ojo/domain/error-codes';
import { SignJWT } from 'jose';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeWithDatabases('POST /customer/login, bind, sign, oauth nonce, token refresh', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const idTokenFor = async (address: Address) => (await app.identity.issue(address)).idToken;
  const login = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/customer/login', headers: saasHeaders, payload });
  const signWithAppKey = (claims: { iss?: string; aud?: string; sub: string; exp?: number }) => {
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: app.identity.keys.kid })
      .setSubject(claims.sub)
      .setIssuer(claims.iss ?? app.identity.settings.issuer)
      .setAudience(claims.aud ?? app.identity.settings.audience)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200);
    return jwt
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(app.identity.keys.privateKey);
  };

  it('registers a new smart account once, then logs the same user in again', async () => {
    const address = newAddress();
    const idToken = await idTokenFor(address);
    const first = await login({ idToken, publicKey: address, inviteCode: '', sourceType: 'web' });
    expect(first.statusCode).toBe(200);
    const { jwtKey, created } = first.json().obj;
    expect(typeof jwtKey).toBe('string');
    expect(Math.abs(Date.now() - created)).toBeLessThan(30_000);

    const again = await login({ idToken, publicKey: address.toLowerCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json().obj.created).toBe(created);
    const rows = await database()
      .db.select()
      .from(users)
      .where(eq(users.smartAccountAddress, address.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.referralCode).toMatch(/^[A-Z0-9]{6}$/);

    const me = await app.inject({
      method: 'GET',
      url: '/customer',
      headers: { ...saasHeaders, jwt_token: jwtKey },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().obj).toMatchObject({
      isOldType: false,
      abstractAddress: { osp_aa: { address: address.toLowerCase() } },
      addressAll: [{ platform: 'osp', walletType: 'abstract', address: address.toLowerCase() }],
      created,
    });
  });

  it('answers customer.not.found for an unknown account when autoRegister is false (web3auth variant too)', async () => {
    const address = newAddress();
    const idToken = await idTokenFor(address);
    const response = await login({ idToken, publicKey: address, autoRegister: false });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, msgKey: 'customer.not.found' });
    const web3auth = await login({
      idToken,
      publicKey: address,
      walletType: 'evm',
      channel: 'WEB3AUTH',
      autoRegister: false,
    });
    expect(web3auth.json()).toMatchObject({ success: false, msgKey: 'customer.not.found' });
    expect(
      await database().db.select().from(users).where(eq(users.smartAccountAddress, address.toLowerCase())),
    ).toEqual([]);
  });

  it('logs an old user in through the web3auth variant by its web3auth address', async () => {
    const address = newAddress();
    const old = await insertUser(database().db, {
      isOldType: true,
      web3authAddress: address.toLowerCase(),
    });
    const response = await login({
      idToken: await idTokenFor(address),
      publicKey: address,
      walletType: 'evm',
      channel: 'WEB3AUTH',
      autoRegister: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().obj.created).toBe(old.createdAt.getTime());
  });

  describe('refuses id tokens that are not valid for this API', () => {
    const address = getAddress(newAddress());
    const cases: [string, () => Promise<string>][] = [
      [
        'alg none',
        async () =>
          `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: address, iss: 'http://localhost:3001', aud: 'OJO Arena', exp: Math.floor(Date.now() / 1000) + 600, iat: Math.floor(Date.now() / 1000) })}.`,
      ],
      ['a wrong audience', () => signWithAppKey({ sub: address, aud: 'another-client' })],
      ['a wrong issuer', () => signWithAppKey({ sub: address, iss: 'https://evil.example' })],
      ['an expired token', () => signWithAppKey({ sub: address, exp: Math.floor(Date.now() / 1000) - 10 })],
      [
        'a token signed by another key',
        async () => {
          const { generateKeyPair } = await import('jose');
          const other = await generateKeyPair('ES256');
          return new SignJWT({})
            .setProtectedHeader({ alg: 'ES256', kid: app.identity.keys.kid })
            .setSubject(address)
            .setIssuer(app.identity.settings.issuer)
            .setAudience(app.identity.settings.audience)
            .setIssuedAt()
            .setExpirationTime('10m')
            .sign(other.privateKey);
        },
      ],
      ['garbage', async () => 'not.a.jwt'],
    ];
    for (const [what, make] of cases) {
      it(what, async () => {
        const response = await login({ idToken: await make(), publicKey: address });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, msgKey: 'identity.token.invalid' });
      });
    }

    it('a valid token whose subject is another account than publicKey', async () => {
      const response = await login({ idToken: await idTokenFor(address), publicKey: newAddress() });
      expect(response.statusCode).toBe(401);
      expect(response.json().msgKey).toBe('identity.subject.mismatch');
    });

    it('a login without id token or public key is a 400', async () => {
      expect((await login({ publicKey: address })).statusCode).toBe(400);
      expect((await login({ idToken: await idTokenFor(address) })).statusCode).toBe(400);
    });
  });

  it("takes only the spec's platform, walletType, thirdAuthSource and channel: anything else is a 400 and stores nothing", async () => {
    const address = newAddress();
    const idToken = await idTokenFor(address);
    const refusals: [Record<string, unknown>, string][] = [
      [{ platform: '<img src=x onerror=alert(1)>' }, 'body.platform'],
      [{ walletType: 'solana' }, 'body.walletType'],
      [{ walletType: 'ABSTRACT' }, 'body.walletType'],
      [{ thirdAuthSource: 'GOOGLE' }, 'body.thirdAuthSource'],
      [{ channel: 'EMAIL' }, 'body.channel'],
      // The two variants of product.md 7 do not mix.
      [{ walletType: 'evm', channel: 'OSP' }, 'body.channel'],
      [{ walletType: 'abstract', channel: 'WEB3AUTH' }, 'body.channel'],
    ];
    for (const [fields, field] of refusals) {
      const response = await login({ idToken, publicKey: address, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, msgKey: 'request.invalid' });
      expect(response.json().message).toContain(field);
    }
    expect(
      await database().db.select().from(users).where(eq(users.smartAccountAddress, address.toLowerCase())),
    ).toEqual([]);

    const spelledOut = await login({
      idToken,
      publicKey: address,
      inviteCode: '',
      sourceType: 'web',
      platform: 'osp',
      walletType: 'abstract',
      thirdAuthSource: 'OSP',
      channel: 'OSP',
      autoRegister: true,
    });
    expect(spelledOut.statusCode).toBe(200);
  });

  it('answers 429 past the login rate limit', async () => {
    const { app: limited } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '2' });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/customer/login',
          headers: saasHeaders,
          payload: { idToken: 'x', publicKey: newAddress() },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('binds a smart account to an old user, who becomes a full user; another user cannot take it', async () => {
    const oldUser = await insertUser(database().db, {
      isOldType: true,
      web3authAddress: newAddress().toLowerCase(),
    });
    const jwt = await app.issueSessionToken(oldUser.id);
    const smartAccount = newAddress();
    const bind = (token: string, userJwt: string, publicKey: string = smartAccount) =>
      app.inject({
        method: 'POST',
        url: '/customer/bind',
        headers: { ...saasHeaders, jwt_token: userJwt },
        payload: {
          idToken: token,
          publicKey,
          platform: 'osp',
          walletType: 'abstract',
          thirdAuthSource: 'OSP',
          channel: 'OSP',
        },
      });
    const idToken = await idTokenFor(smartAccount);
    const response = await bind(idToken, jwt);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, msgKey: 'success' });
    const me = (
      await app.inject({ method: 'GET', url: '/customer', headers: { ...saasHeaders, jwt_token: jwt } })
    ).json().obj;
    expect(me.isOldType).toBe(false);
    expect(me.abstractAddress.osp_aa.address).toBe(smartAccount.toLowerCase());
    expect(me.addressAll).toEqual([
      expect.objectContaining({
        platform: 'osp',
        walletType: 'abstract',
        address: smartAccount.toLowerCase(),
      }),
    ]);
    expect((await bind(idToken, jwt)).statusCode).toBe(200);

    const other = await insertUser(database().db, {
      isOldType: true,
      web3authAddress: newAddress().toLowerCase(),
    });
    const taken = await bind(idToken, await app.issueSessionToken(other.id));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, msgKey: MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND });
    const [unchanged] = await database().db.select().from(users).where(eq(users.id, other.id));
    expect(unchanged!.smartAccountAddress).toBeNull();

    // Only the smart account's values: the web3auth variant's or any other value is a 400.
    for (const fields of [
      { walletType: 'evm', channel: 'WEB3AUTH' },
      { platform: 'others' },
      { channel: 'x' },
    ]) {
      const other = await insertUser(database().db, {
        isOldType: true,
        web3authAddress: newAddress().toLowerCase(),
      });
      const account = newAddress();
      const response = await app.inject({
        method: 'POST',
        url: '/customer/bind',
        headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(other.id) },
        payload: { idToken: await idTokenFor(account), publicKey: account, ...fields },
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, msgKey: 'request.invalid' });
      const [unbound] = await database().db.select().from(users).where(eq(users.id, other.id));
      expect(unbound!.smartAccountAddress).toBeNull();
    }

    const stranger = newAddress();
    const mismatch = await bind(await idTokenFor(stranger), jwt, newAddress());
    expect(mismatch.statusCode).toBe(401);
    expect((await bind(idToken, 'bad-jwt')).statusCode).toBe(401);
  });

  it('signs the user id for the Telegram start value, stable per user', async () => {
    const a = await insertUser(database().db);
    const b = await insertUser(database().db);
    const sign = async (id: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/customer/sign',
          headers: { ...saasHeaders, jwt_token: await app.issueSessionToken(id) },
        })
      ).json().obj.sign as string;
    const first = await sign(a.id);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await sign(a.id)).toBe(first);
    expect(await sign(b.id)).not.toBe(first);
    expect(
      (await app.inject({ method: 'GET', url: '/customer/sign', headers: saasHeaders })).statusCode,
    ).toBe(401);
  });

  it('hands out stored single-use nonces for a public key', async () => {
    const publicKey = newAddress();
    const response = await app.inject({
      method: 'GET',
      url: `/customer/oauth/nonce?publicKey=${publicKey}`,
      headers: saasHeaders,
    });
    expect(response.statusCode).toBe(200);
    const { nonce } = response.json().obj;
    const [row] = await database().db.select().from(authNonces).where(eq(authNonces.nonce, nonce));
    expect(row).toMatchObject({ publicKey: publicKey.toLowerCase(), consumedAt: null });
    const bad = await app.inject({
      method: 'GET',
      url: '/customer/oauth/nonce?publicKey=nope',
      headers: saasHeaders,
    });
    expect(bad.statusCode).toBe(400);
  });
});
