import { describeWithDatabases } from '@ojo/db/testing';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertCustomer } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describeWithDatabases('invites (issue 5): codes, check, counting once per invitee', ({ database }) => {
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
  const inviteInfo = async (jwt: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/customer/invite',
      headers: { ...saasHeaders, jwt_token: jwt },
    });
    expect(response.statusCode).toBe(200);
    return response.json().obj;
  };

  it('counts an invited registration once per invitee, per source type, unknown types as web', async () => {
    const inviterAddress = newAddress();
    const inviterJwt = await register(inviterAddress, '');
    const inviter = await inviteInfo(inviterJwt);
    expect(inviter).toEqual({
      inviteCode: expect.stringMatching(/^[A-Z0-9]{6}$/),
      selectedInviteCode: null,
      defaultInviteCode: null,
      invitedMap: {},
    });
    const code: string = inviter.inviteCode;

    const dashPlayer = newAddress();
    const dashJwt = await register(dashPlayer, code, 'DOJO_DASH');
    // The same player retrying the login (or with another source type) is not a second referral.
    await register(dashPlayer, code, 'DOJO_DASH');
    await register(dashPlayer, code, 'web');
    expect((await inviteInfo(inviterJwt)).invitedMap).toEqual({ DOJO_DASH: { count: 1 } });
    expect(await inviteInfo(dashJwt)).toMatchObject({ selectedInviteCode: code, defaultInviteCode: code });

    await register(newAddress(), code, 'SOMETHING_ELSE');
    await register(newAddress(), code.toLowerCase());
    expect((await inviteInfo(inviterJwt)).invitedMap).toEqual({ DOJO_DASH: { count: 1 }, web: { count: 2 } });

    // The inviter logging in again with its own code, and a stranger with an unknown code, count nothing.
    await register(inviterAddress, code, 'web');
    const stranger = newAddress();
    const strangerJwt = await register(stranger, 'ZZZZZ9', 'web');
    expect((await inviteInfo(inviterJwt)).invitedMap).toEqual({ DOJO_DASH: { count: 1 }, web: { count: 2 } });
    expect((await inviteInfo(strangerJwt)).selectedInviteCode).toBeNull();
  });

  it('two concurrent first logins of one invitee count once', async () => {
    const inviterJwt = await register(newAddress(), '');
    const { inviteCode } = await inviteInfo(inviterJwt);
    const invitee = newAddress();
    await Promise.all([register(invitee, inviteCode, 'web'), register(invitee, inviteCode, 'web')]);
    expect((await inviteInfo(inviterJwt)).invitedMap).toEqual({ web: { count: 1 } });
  });

  it('checks invite codes: existing true, unknown or malformed success false with msgKey "invalid code"', async () => {
    const owner = await insertCustomer(database().db, { inviteCode: 'CHK123' });
    const check = (inviteCode: string) =>
      app.inject({
        method: 'GET',
        url: `/customer/invite/code/check?inviteCode=${encodeURIComponent(inviteCode)}`,
        headers: saasHeaders,
      });
    const ok = await check(owner.inviteCode);
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
