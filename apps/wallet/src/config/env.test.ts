import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('wallet env', () => {
  it('defaults to the local web origin and the default brand', () => {
    expect(parseEnv({})).toEqual({
      webOrigin: 'http://localhost:3000',
      productName: 'OJO Arena',
      providerName: 'Arena Wallet',
    });
  });

  it('takes overrides and reduces the web origin to an origin', () => {
    expect(
      parseEnv({
        VITE_WEB_ORIGIN: 'https://play.example.org/x',
        VITE_PRODUCT_NAME: 'Dojo',
        VITE_PROVIDER_NAME: 'Dojo Pass',
      }),
    ).toEqual({ webOrigin: 'https://play.example.org', productName: 'Dojo', providerName: 'Dojo Pass' });
  });

  it('rejects an origin that is not http(s)', () => {
    expect(() => parseEnv({ VITE_WEB_ORIGIN: 'file:///etc' })).toThrow(EnvError);
  });
});
