import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devnetKeys } from '@ojo/devnet/keys';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ojo-config-'));
const LOCAL_DEVNET = { isLocalDevnet: true, reason: 'anvil at http://127.0.0.1:8545' };
const onLocalDevnet = (env: NodeJS.ProcessEnv) => loadConfig(env, LOCAL_DEVNET);
const PUBLIC_CHAIN = { isLocalDevnet: false, reason: 'https://api.testnet.abs.xyz is not on this machine' };

function configErrorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir }, LOCAL_DEVNET);
    expect(config).toMatchObject({
      port: 3001,
      dataDir,
      databaseUrl: undefined,
      origins: {
        web: 'http://localhost:3000',
        game: 'http://localhost:3002',
        wallet: 'http://localhost:3003',
      },
      chain: { rpcUrl: 'http://127.0.0.1:8545', chainId: 11124 },
      bundlerUrl: 'http://127.0.0.1:4337',
      saasId: 'ojo-arena',
      productName: 'OJO Arena',
      redisUrl: undefined,
      seedDemoData: true,
    });
  });

  it('locks free OJO for 7 days and 1,000 OJO really bet unless FREE_OJO_UNLOCK_* say otherwise', () => {
    expect(onLocalDevnet({ DATA_DIR: tempDir() }).freeRewards).toEqual({ unlockDays: 7, unlockBet: 1000n });
    expect(
      onLocalDevnet({ DATA_DIR: tempDir(), FREE_OJO_UNLOCK_DAYS: '30', FREE_OJO_UNLOCK_BET: '5000' })
        .freeRewards,
    ).toEqual({ unlockDays: 30, unlockBet: 5000n });
    const error = configErrorOf(() =>
      onLocalDevnet({ DATA_DIR: tempDir(), FREE_OJO_UNLOCK_DAYS: '-1', FREE_OJO_UNLOCK_BET: '1.5' }),
    );
    expect(error.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'FREE_OJO_UNLOCK_BET',
      'FREE_OJO_UNLOCK_DAYS',
    ]);
  });

  it('lists every invalid variable at once', () => {
    const error = configErrorOf(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        API_PORT: 'eighty',
        WEB_ORIGIN: 'not a url',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
      }),
    );
    const variables = error.problems.map((problem) => problem.split(':')[0]);
    expect(variables.sort()).toEqual(['API_PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'WEB_ORIGIN']);
    expect(error.message).toMatch(/^Invalid API configuration:\n {2}- /);
  });

  it('requires JWT_SECRET, IDENTITY_PRIVATE_JWK and API_SIGNER_PRIVATE_KEY in production', () => {
    const error = configErrorOf(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() }));
    expect(error.problems).toEqual([
      'JWT_SECRET: required when NODE_ENV=production',
      'IDENTITY_PRIVATE_JWK: required when NODE_ENV=production',
      'API_SIGNER_PRIVATE_KEY: required when NODE_ENV=production',
    ]);
    const signerKey = `0x${'1'.repeat(64)}`;
    const production = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      IDENTITY_PRIVATE_JWK: '{"kty":"EC"}',
      API_SIGNER_PRIVATE_KEY: signerKey,
    });
    expect(production.seedDemoData).toBe(false);
    expect(production.apiSignerPrivateKey).toBe(signerKey);
  });

  it('limits SIWE sessions to 7 days unless IDENTITY_MAX_SESSION_SECONDS says otherwise', () => {
    expect(onLocalDevnet({ DATA_DIR: tempDir() }).identity.maxSessionSeconds).toBe(604_800);
    expect(
      onLocalDevnet({ DATA_DIR: tempDir(), IDENTITY_MAX_SESSION_SECONDS: '3600' }).identity.maxSessionSeconds,
    ).toBe(3600);
    const error = configErrorOf(() =>
      onLocalDevnet({ DATA_DIR: tempDir(), IDENTITY_MAX_SESSION_SECONDS: '0' }),
    );
    expect(error.problems[0]).toMatch(/^IDENTITY_MAX_SESSION_SECONDS:/);
  });

  it('defaults the API signer to the devnet key on the local devnet and the id token audience to the product name', () => {
    const config = loadConfig(
      {
        DATA_DIR: tempDir(),
        JWT_SECRET: 'x'.repeat(40),
        PRODUCT_NAME: 'Test Arena',
      },
      LOCAL_DEVNET,
    );
    expect(config.apiSignerPrivateKey).toBe(devnetKeys.apiSigner);
    expect(config.identity.clientId).toBe('Test Arena');
    expect(config.publicUrl).toBe('http://localhost:3001');
    expect(config.reservedHandles).toEqual(['admin', 'ojo', 'ojoarena', 'support', 'official', 'arena']);
  });

  it('generates a local JWT secret once, readable only by its owner, and reuses it', () => {
    const dataDir = tempDir();
    const first = onLocalDevnet({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    const second = onLocalDevnet({ DATA_DIR: dataDir });
    expect(Buffer.from(second.jwt.secret).equals(Buffer.from(first.jwt.secret))).toBe(true);
  });

  it('prefers a configured JWT_SECRET and writes nothing', () => {
    const dataDir = tempDir();
    const config = onLocalDevnet({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) });
    expect(new TextDecoder().decode(config.jwt.secret)).toBe('s'.repeat(32));
    expect(() => statSync(path.join(dataDir, 'jwt-secret'))).toThrow();
  });

  it('normalises origins and reads flags and numbers', () => {
    const config = onLocalDevnet({
      DATA_DIR: tempDir(),
      WEB_ORIGIN: 'https://arena.example/',
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_MAX: '42',
      DATABASE_URL: 'postgres://user@db:5432/ojo',
      REDIS_URL: '',
    });
    expect(config.origins.web).toBe('https://arena.example');
    expect(config.seedDemoData).toBe(false);
    expect(config.rateLimit.max).toBe(42);
    expect(config.databaseUrl).toBe('postgres://user@db:5432/ojo');
    expect(config.redisUrl).toBeUndefined();
  });

  it('takes the proxies in front of the API as addresses or CIDR ranges, and refuses true and hop counts', () => {
    const trustProxy = (value: string) =>
      onLocalDevnet({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;
    expect(onLocalDevnet({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy(' 10.0.0.0/8, 127.0.0.1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    for (const value of ['true', '1', '2']) {
      const error = configErrorOf(() => onLocalDevnet({ DATA_DIR: tempDir(), TRUST_PROXY: value }));
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toMatch(/^TRUST_PROXY: .*X-Forwarded-For; give the addresses or CIDR ranges/);
    }
    const error = configErrorOf(() =>
      onLocalDevnet({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/33,proxy.internal,1.2.3.4' }),
    );
    expect(error.problems[0]).toMatch(
      /^TRUST_PROXY: not an address or CIDR range: 10.0.0.0\/33, proxy.internal;/,
    );
  });

  describe("the devnet's keys, stand-in login and demo data run only on the local devnet", () => {
    const ownKey = `0x${'2'.repeat(64)}`;
    const anvilKeys = [
      ...Object.values(devnetKeys).flat(),
      // Any key of anvil's mnemonic, not only the ones the devnet uses by name.
      '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    ] as string[];

    it("knows all ten of anvil's default accounts", () => {
      expect(new Set(anvilKeys).size).toBe(10);
    });

    it('elsewhere: off by default, the API key required', () => {
      const error = configErrorOf(() => loadConfig({ DATA_DIR: tempDir() }, PUBLIC_CHAIN));
      expect(error.problems).toEqual([
        `API_SIGNER_PRIVATE_KEY: required, the devnet key is for the local devnet only (the chain is not the local devnet: ${PUBLIC_CHAIN.reason})`,
      ]);
      const config = loadConfig({ DATA_DIR: tempDir(), API_SIGNER_PRIVATE_KEY: ownKey }, PUBLIC_CHAIN);
      expect(config).toMatchObject({
        seedDemoData: false,
        oidc: { autoCreateOldUsers: false },
        apiSignerPrivateKey: ownKey,
      });
    });

    it('elsewhere: switching demo data on is refused, and so is every anvil key', () => {
      const error = configErrorOf(() =>
        loadConfig(
          {
            DATA_DIR: tempDir(),
            API_SIGNER_PRIVATE_KEY: ownKey,
            SEED_DEMO_DATA: '1',
          },
          PUBLIC_CHAIN,
        ),
      );
      expect(error.problems.map((problem) => problem.split(':')[0])).toEqual(['SEED_DEMO_DATA']);
      for (const key of anvilKeys) {
        const refused = configErrorOf(() =>
          loadConfig({ DATA_DIR: tempDir(), API_SIGNER_PRIVATE_KEY: key }, PUBLIC_CHAIN),
        );
        expect(refused.problems).toEqual([
          `API_SIGNER_PRIVATE_KEY: is one of anvil's well-known test keys, which anyone can sign with (the chain is not the local devnet: ${PUBLIC_CHAIN.reason})`,
        ]);
      }
    });

    it('in production anvil keys are refused even on a local chain', () => {
      const production = {
        NODE_ENV: 'production',
        DATA_DIR: tempDir(),
        JWT_SECRET: 'x'.repeat(40),
        IDENTITY_PRIVATE_JWK: '{"kty":"EC"}',
      };
      for (const key of anvilKeys) {
        const refused = configErrorOf(() =>
          loadConfig({ ...production, API_SIGNER_PRIVATE_KEY: key }, LOCAL_DEVNET),
        );
        expect(refused.problems).toEqual([
          "API_SIGNER_PRIVATE_KEY: is one of anvil's well-known test keys, which anyone can sign with (NODE_ENV=production)",
        ]);
      }
      const config = loadConfig({ ...production, API_SIGNER_PRIVATE_KEY: ownKey }, LOCAL_DEVNET);
      expect(config).toMatchObject({ seedDemoData: false, oidc: { autoCreateOldUsers: false } });
    });

    it('on the local devnet outside production: on by default, anvil keys allowed', () => {
      const config = loadConfig(
        { DATA_DIR: tempDir(), API_SIGNER_PRIVATE_KEY: devnetKeys.spare[0] },
        LOCAL_DEVNET,
      );
      expect(config).toMatchObject({ seedDemoData: true, oidc: { autoCreateOldUsers: true } });
    });
  });
});
