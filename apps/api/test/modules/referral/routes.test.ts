import { describeWithDatabases } from '@ojo/db/testing';
import { decodeJwt } from 'jose';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countReferralOfFullUser } from '../../../src/modules/referral/service';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describeWithDatabases('invites: codes, check, counting a full user once per referee', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { RATE_LIMIT_AUTH_MAX: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Logs `address` in (registering it) with an invite code and source type; answers the session jwt. */
  const register = async (address: Address, inviteCode: string, sourceType?: string) => {
    const { idToken } = await app.identity.issue(address);
    const response = await app.inject({
      method: 'POST',
      url: '/customer/login',
      headers: saasHeaders,
      payload: { idToken, publicKey: address, inviteCode, sourceType },
    });
    expect(response.statusCode).toBe(200);
    return response.json().obj.jwtKey as string;
  };
  /** What storing the user's profile does for referrals (profile service, in its transaction). */
  const becomeFullUser = (jwt: string) =>
    database().db.transaction((tx) => countReferralOfFullUser(tx, decodeJwt(jwt).sub as string));
  const referralInfo = async (jwt: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/customer/invite',
      headers: { ...saasHeaders, jwt_token: jwt },
    });
    expect(response.statusCode).toBe(200);
    return response.json().obj;
  };

  it('counts an referee once they are a full user, once, per source type, unknown types as web', async () => {
    const referrerAddress = newAddress();
    const referrerJwt = await register(referrerAddress, '');
    const referrer = await referralInfo(referrerJwt);
    expect(referrer).toEqual({
      inviteCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
      selectedInviteCode: null,
      defaultInviteCode: null,
      invitedMap: {},
    });
    const code: string = referrer.inviteCode;

    const dashPlayer = newAddress();
    const dashJwt = await register(dashPlayer, code, 'DOJO_DASH');
    // The same player retrying the login (or with another source type) is not a second referral.
    await register(dashPlayer, code, 'DOJO_DASH');
    await register(dashPlayer, code, 'web');
    expect(await referralInfo(dashJwt)).toMatchObject({ selectedInviteCode: code, defaultInviteCode: code });
    // Registered but without a profile: a free account, not counted yet.
    expect((await referralInfo(referrerJwt)).invitedMap).toEqual({});
    expect(await becomeFullUser(dashJwt)).toBe(true);
    expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ DOJO_DASH: { count: 1 } });
    // Idempotent: a retried profile job counts nothing more.
    expect(await becomeFullUser(dashJwt)).toBe(false);
    expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ DOJO_DASH: { count: 1 } });

    const other = await register(newAddress(), code, 'SOMETHING_ELSE');
    const lowerCase = await register(newAddress(), code.toLowerCase());
    await register(newAddress(), code, 'web');
    await becomeFullUser(other);
    await becomeFullUser(lowerCase);
    expect((await referralInfo(referrerJwt)).invitedMap).toEqual({
      DOJO_DASH: { count: 1 },
      web: { count: 2 },
    });

    // The referrer logging in again with its own code, and a stranger with an unknown code, count nothing.
    await register(referrerAddress, code, 'web');
    const stranger = newAddress();
    const strangerJwt = await register(stranger, 'ZZZZZ9', 'web');
    expect(await becomeFullUser(referrerJwt)).toBe(false);
    expect(await becomeFullUser(strangerJwt)).toBe(false);
    expect((await referralInfo(referrerJwt)).invitedMap).toEqual({
      DOJO_DASH: { count: 1 },
      web: { count: 2 },
    });
    expect((await referralInfo(strangerJwt)).selectedInviteCode).toBeNull();
  });

  it('counts nothing when the transaction that saves the profile rolls back', async () => {
    const referrerJwt = await register(newAddress(), '');
    const { inviteCode } = await referralInfo(referrerJwt);
    const refereeJwt = await register(newAddress(), inviteCode, 'web');
    await expect(
      database().db.transaction(async (tx) => {
        await countReferralOfFullUser(tx, decodeJwt(refereeJwt).sub as string);
        throw new Error('the profile was not saved');
      }),
    ).rejects.toThrow('the profile was not saved');
    expect((await referralInfo(referrerJwt)).invitedMap).toEqual({});
  });

  it('two concurrent first logins of one referee count once', async () => {
    const referrerJwt = await register(newAddress(), '');
    const { inviteCode } = await referralInfo(referrerJwt);
    const referee = newAddress();
    const [jwt] = await Promise.all([
      register(referee, inviteCode, 'web'),
      register(referee, inviteCode, 'web'),
    ]);
    await becomeFullUser(jwt);
    expect((await referralInfo(referrerJwt)).invitedMap).toEqual({ web: { count: 1 } });
  });

  it('checks invite codes: existing true, unknown or malformed success false with msgKey "invalid code"', async () => {
    const owner = await insertUser(database().db, { referralCode: 'CHK123' });
    const check = (inviteCode: string) =>
      app.inject({
        method: 'GET',
        url: `/customer/invite/code/check?inviteCode=${encodeURIComponent(inviteCode)}`,
        headers: saasHeaders,
      });
    const ok = await check(owner.referralCode);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, code: '0', msgKey: 'success', obj: true });
    for (const bad of ['NOPE99', 'ab_!!', '', 'TOOLONGCODE']) {
      const response = await check(bad);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: false, msgKey: 'invalid code', obj: false });
    }
  });

  it('refuses GET /customer/invite without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/customer/invite', headers: saasHeaders });
    expect(response.statusCode).toBe(401);
  });
});
