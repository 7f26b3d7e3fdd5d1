import { DEFAULT_CHAIN_ID } from '@ojo/domain/constants';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('parseEnv', () => {
  it('falls back to the local defaults of DESIGN.md when nothing is set', () => {
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
});
