import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcRelyingParty } from '../../../src/modules/oauth/oidc-client';
import type { OidcProviderSettings } from '../../../src/modules/oauth/provider-settings';

/** A provider that accepts connections and never answers: the API must give up, not hang the login. */
describe('OidcRelyingParty against a provider that does not answer', () => {
  let server: Server;
  let issuer: string;

  beforeAll(async () => {
    server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc/google`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers 502 provider unavailable after its HTTP timeout', async () => {
    const settings: OidcProviderSettings = {
      provider: 'google',
      issuer,
      clientId: 'ojo-arena-web',
      clientSecret: 'secret',
      isLocal: false,
    };
    const started = Date.now();
    await expect(new OidcRelyingParty(fetch).authorizationEndpoint(settings)).rejects.toMatchObject({
      statusCode: 502,
      code: 'OAUTH_PROVIDER_UNAVAILABLE',
      msgKey: 'customer.oauth.provider.unavailable',
      message: expect.stringContaining('no answer within 5 s'),
    });
    // It waited for its timeout (a timer never fires early); that it gave up at all is the test's own timeout.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  }, 30_000);
});
