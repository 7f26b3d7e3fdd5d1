import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('wallet env', () => {
  it('defaults to the local stack, trusting only the web origin, and the default brand', () => {
    expect(parseEnv({})).toEqual({
      webOrigin: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000'],
      productName: 'OJO Arena',
      providerName: 'Arena Wallet',
      apiUrl: 'http://localhost:3001',
      saasId: 'ojo-arena',
      chainRpcUrl: 'http://127.0.0.1:8545',
      bundlerUrl: 'http://127.0.0.1:4337',
      chainId: 11124,
    });
  });

  it('takes overrides and reduces origins to origins', () => {
    const env = parseEnv({
      VITE_WEB_ORIGIN: 'https://play.example.org/x',
      VITE_TRUSTED_ORIGINS: 'https://play.example.org/, http://localhost:3100 ,',
      VITE_PRODUCT_NAME: 'Dojo',
      VITE_PROVIDER_NAME: 'Dojo Pass',
      VITE_SMART_ACCOUNT_FACTORY_ADDRESS: '0x00000000000000000000000000000000000000aa',
      VITE_VERIFYING_PAYMASTER_ADDRESS: '0x00000000000000000000000000000000000000bb',
    });
    expect(env).toMatchObject({
      webOrigin: 'https://play.example.org',
      trustedOrigins: ['https://play.example.org', 'http://localhost:3100'],
      productName: 'Dojo',
      providerName: 'Dojo Pass',
      contracts: {
        smartAccountFactory: '0x00000000000000000000000000000000000000AA',
        verifyingPaymaster: '0x00000000000000000000000000000000000000bb',
      },
    });
  });

  it('rejects an origin that is not http(s), a bad trusted origin and a lone contract address', () => {
    expect(() => parseEnv({ VITE_WEB_ORIGIN: 'file:///etc' })).toThrow(EnvError);
    expect(() => parseEnv({ VITE_TRUSTED_ORIGINS: 'http://localhost:3000,javascript:alert(1)' })).toThrow(
      'VITE_TRUSTED_ORIGINS',
    );
    expect(() =>
      parseEnv({ VITE_SMART_ACCOUNT_FACTORY_ADDRESS: '0x00000000000000000000000000000000000000aa' }),
    ).toThrow('go together');
  });
});
