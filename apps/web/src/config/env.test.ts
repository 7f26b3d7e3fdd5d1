import { DEFAULT_CHAIN_ID } from '@ojo/domain/constants';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('falls back to the local defaults of docs/configuration.md when nothing is set', () => {
    const env = parseEnv({});
    expect(env.apiUrl).toBe('http://localhost:3001');
    expect(env.hosts).toEqual({
      customer: 'http://localhost:3001',
      quest: 'http://localhost:3001',
      badge: 'http://localhost:3001',
      wallet: 'http://localhost:3001',
      game: 'http://localhost:3001',
    });
    expect(env.gameOrigin).toBe('http://localhost:3002');
    expect(env.walletOrigin).toBe('http://localhost:3003');
    expect(env.saasId).toBe('ojo-arena');
    expect(env.productName).toBe('OJO Arena');
    expect(env.providerName).toBe('Arena Wallet');
    expect(env.chainId).toBe(DEFAULT_CHAIN_ID);
    expect(env.chainId).toBe(11124);
  });

  it('points every host at a changed API URL unless a host has its own override', () => {
    const env = parseEnv({
      VITE_API_URL: 'https://api.example.org/',
      VITE_QUEST_HOST: 'https://quest.example.org',
    });
    expect(env.apiUrl).toBe('https://api.example.org');
    expect(env.hosts.customer).toBe('https://api.example.org');
    expect(env.hosts.quest).toBe('https://quest.example.org');
    expect(env.hosts.game).toBe('https://api.example.org');
  });

  it('treats empty variables as unset and normalises origins', () => {
    const env = parseEnv({ VITE_PRODUCT_NAME: '', VITE_GAME_ORIGIN: 'http://127.0.0.1:4002/' });
    expect(env.productName).toBe('OJO Arena');
    expect(env.gameOrigin).toBe('http://127.0.0.1:4002');
  });

  it('applies brand, chain and social overrides', () => {
    const env = parseEnv({
      VITE_PRODUCT_NAME: 'Dojo',
      VITE_PROVIDER_NAME: 'Dojo Wallet',
      VITE_CHAIN_ID: '31337',
      VITE_X_URL: 'https://x.com/dojo',
    });
    expect(env.productName).toBe('Dojo');
    expect(env.providerName).toBe('Dojo Wallet');
    expect(env.chainId).toBe(31337);
    expect(env.social.xUrl).toBe('https://x.com/dojo');
  });

  it('lists every invalid variable in one error', () => {
    let caught: unknown;
    try {
      parseEnv({ VITE_API_URL: 'not a url', VITE_CHAIN_ID: '-4', VITE_DISCORD_URL: 'ftp://x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join('\n');
    expect(problems).toContain('VITE_API_URL');
    expect(problems).toContain('VITE_CHAIN_ID');
    expect(problems).toContain('VITE_DISCORD_URL');
  });

  it('checks each kind of variable the way its use needs', () => {
    const problemsOf = (raw: Record<string, unknown>) => {
      try {
        parseEnv(raw);
        return [];
      } catch (error) {
        return (error as EnvError).problems;
      }
    };
    expect(problemsOf({ VITE_CHAIN_ID: '1.5' })).toEqual([expect.stringMatching(/^VITE_CHAIN_ID: /)]);
    expect(problemsOf({ VITE_CHAIN_ID: 'abc' })).toHaveLength(1);
    expect(problemsOf({ VITE_CHAIN_ID: '0' })).toHaveLength(1);
    expect(problemsOf({ VITE_SAAS_ID: '   ' })).toEqual([expect.stringMatching(/^VITE_SAAS_ID: /)]);
    expect(problemsOf({ VITE_WALLET_ORIGIN: 'javascript:alert(1)' })).toEqual([
      expect.stringMatching(/^VITE_WALLET_ORIGIN: .*http/),
    ]);
    expect(problemsOf({ VITE_BUNDLER_URL: 'localhost:4337' })).toHaveLength(1);
    expect(
      problemsOf({ VITE_CHAIN_ID: ' 31337 ', VITE_SAAS_ID: ' dojo ', VITE_API_URL: 'https://a.b' }),
    ).toEqual([]);
    expect(parseEnv({ VITE_SAAS_ID: ' dojo ', VITE_CHAIN_ID: ' 31337 ' })).toMatchObject({
      saasId: 'dojo',
      chainId: 31337,
    });
  });

  it('names a problem once per variable and ignores variables it does not know', () => {
    let caught: unknown;
    try {
      parseEnv({ VITE_API_URL: 'nope', VITE_UNRELATED: 'whatever', MODE: 'production', DEV: false });
    } catch (error) {
      caught = error;
    }
    expect((caught as EnvError).problems).toEqual([
      expect.stringMatching(/^VITE_API_URL: 'nope' is not a valid URL$/),
    ]);
    expect((caught as EnvError).message).toContain('Invalid web app configuration');
  });
});
