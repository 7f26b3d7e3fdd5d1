import { describe, expect, it } from 'vitest';
import { EnvError, gameTitle, parseEnv } from './env';

describe('game env', () => {
  it('defaults to the local stack and the default brand', () => {
    expect(parseEnv({})).toEqual({
      apiUrl: 'http://localhost:3001',
      webOrigin: 'http://localhost:3000',
      productName: 'OJO Arena',
      saasId: 'ojo-arena',
    });
    expect(gameTitle('OJO Arena')).toBe('OJO Arena Race');
  });

  it('takes overrides and reduces the web origin to an origin', () => {
    const env = parseEnv({
      VITE_API_URL: 'https://api.example.org/',
      VITE_WEB_ORIGIN: 'https://play.example.org/some/path',
      VITE_PRODUCT_NAME: 'Dojo',
    });
    expect(env).toEqual({
      apiUrl: 'https://api.example.org',
      webOrigin: 'https://play.example.org',
      productName: 'Dojo',
      saasId: 'ojo-arena',
    });
  });

  it('lists every invalid variable', () => {
    expect(() => parseEnv({ VITE_API_URL: 'nope', VITE_WEB_ORIGIN: 'javascript:alert(1)' })).toThrow(
      EnvError,
    );
    try {
      parseEnv({ VITE_API_URL: 'nope', VITE_WEB_ORIGIN: 'javascript:alert(1)' });
    } catch (error) {
      expect((error as EnvError).problems.join('\n')).toMatch(/VITE_API_URL[\s\S]*VITE_WEB_ORIGIN/);
    }
  });
});
