// @vitest-environment node
import { bindBody, loginBody } from '@ojo/api-contract/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindSmartAccount } from './bind-smart-account';
import { loginUser } from './login-user';

/** What the page sent: each request's path and JSON body, answered with a success envelope. */
let sent: { path: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    sent.push({ path, body: JSON.parse(String(init?.body)) });
    const obj = path === '/customer/login' ? { jwtKey: 'jwt', created: 1 } : null;
    return new Response(JSON.stringify({ success: true, code: '0', msgKey: 'success', obj }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const publicKey = '0x1111111111111111111111111111111111111111';

describe('product.md 7 request bodies carry the defaults themselves, not left to the server', () => {
  it("POST /customer/login: idToken, publicKey, inviteCode, sourceType 'plus defaults (platform osp, walletType abstract, thirdAuthSource OSP, channel OSP, autoRegister true)'", async () => {
    await loginUser({
      idToken: 'id',
      smartAccountAddress: publicKey,
      referralCode: 'ABC123',
      sourceType: 'WEB',
    });
    expect(sent).toEqual([
      {
        path: '/customer/login',
        body: {
          idToken: 'id',
          publicKey,
          inviteCode: 'ABC123',
          sourceType: 'WEB',
          platform: 'osp',
          walletType: 'abstract',
          thirdAuthSource: 'OSP',
          channel: 'OSP',
          autoRegister: true,
        },
      },
    ]);
    // The API's own schema takes it as sent: nothing had to be filled in.
    expect(loginBody.parse(sent[0]?.body)).toEqual(sent[0]?.body);
  });

  it('POST /customer/bind: idToken, publicKey, platform, walletType, thirdAuthSource, channel', async () => {
    await bindSmartAccount({ idToken: 'id', smartAccountAddress: publicKey });
    expect(sent).toEqual([
      {
        path: '/customer/bind',
        body: {
          idToken: 'id',
          publicKey,
          platform: 'osp',
          walletType: 'abstract',
          thirdAuthSource: 'OSP',
          channel: 'OSP',
        },
      },
    ]);
    expect(bindBody.parse(sent[0]?.body)).toEqual(sent[0]?.body);
  });
});
