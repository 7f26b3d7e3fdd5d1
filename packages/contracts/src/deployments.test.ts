import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAddress } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { defineLocalChain, defineOjoChain, LOCAL_CHAIN_ID } from './chain';
import {
  CONTRACT_NAMES,
  contractEnvName,
  DeploymentsError,
  deploymentsFromEnv,
  parseDeployments,
} from './deployments';
import { deploymentsPath, readDeploymentsFile, writeDeploymentsFile } from './deployments-file';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const valid = {
  chainId: 11124,
  entryPoint: '0x4337084d9e255ff0702461cf8895ce9e3b5ff108',
  contracts: {
    ProfileRegistry: a(1),
    SmartAccountFactory: a(2),
    VerifyingPaymaster: a(3),
    BadgeNFT: a(4),
    PartnerNFT: a(5),
    PartnerToken: a(6),
  },
  deployedAtBlock: 7,
};

describe('the local chain', () => {
  it('is chain 11124 with our own definition, not viem/chains zkSync Abstract Testnet', () => {
    const chain = defineLocalChain('http://127.0.0.1:9999');
    expect(chain.id).toBe(0x2b74);
    expect(LOCAL_CHAIN_ID).toBe(11124);
    expect(chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:9999']);
    // viem's Abstract Testnet carries zkSync formatters and serializers; ours must carry none.
    expect(chain.formatters).toBeUndefined();
    expect(chain.serializers).toBeUndefined();
  });

  it('describes a public chain with its own id and URL', () => {
    const chain = defineOjoChain({ chainId: 2741, rpcUrl: 'https://rpc.example', name: 'Arena' });
    expect([chain.id, chain.name, chain.testnet]).toEqual([2741, 'Arena', false]);
  });
});

describe('deployments schema', () => {
  it('accepts what the devnet writes and checksums the addresses', () => {
    const parsed = parseDeployments(valid);
    expect(parsed.contracts.ProfileRegistry).toBe(getAddress(a(1)));
    expect(parsed.entryPoint).toBe('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108');
  });

  it('names every wrong field', () => {
    const broken = { ...valid, contracts: { ProfileRegistry: 'nope' }, deployedAtBlock: -1 };
    expect(() => parseDeployments(broken, 'the file')).toThrow(DeploymentsError);
    expect(() => parseDeployments(broken, 'the file')).toThrow(
      /the file: .*contracts\.ProfileRegistry.*contracts\.SmartAccountFactory.*deployedAtBlock/,
    );
  });

  describe('files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ojo-deployments-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('round-trips through <dataDir>/devnet/deployments.json, and is absent before', () => {
      const path = deploymentsPath(dir);
      expect(path).toBe(join(dir, 'devnet', 'deployments.json'));
      expect(readDeploymentsFile(path)).toBeUndefined();
      writeDeploymentsFile(path, parseDeployments(valid));
      expect(readDeploymentsFile(path)).toEqual(parseDeployments(valid));
      expect(JSON.parse(readFileSync(path, 'utf8')).contracts.VerifyingPaymaster).toBe(getAddress(a(3)));
    });
  });
});

describe('deployments from configuration', () => {
  const env = {
    ENTRY_POINT_ADDRESS: valid.entryPoint,
    PROFILE_REGISTRY_ADDRESS: a(1),
    SMART_ACCOUNT_FACTORY_ADDRESS: a(2),
    VERIFYING_PAYMASTER_ADDRESS: a(3),
    BADGE_NFT_ADDRESS: a(4),
    PARTNER_NFT_ADDRESS: a(5),
    PARTNER_TOKEN_ADDRESS: a(6),
    CONTRACTS_DEPLOYED_AT_BLOCK: '7',
  };

  it('spells the variable after the contract name', () => {
    expect(CONTRACT_NAMES.map(contractEnvName)).toEqual([
      'PROFILE_REGISTRY_ADDRESS',
      'SMART_ACCOUNT_FACTORY_ADDRESS',
      'VERIFYING_PAYMASTER_ADDRESS',
      'BADGE_NFT_ADDRESS',
      'PARTNER_NFT_ADDRESS',
      'PARTNER_TOKEN_ADDRESS',
    ]);
  });

  it('is undefined when no address is configured (read the file instead)', () => {
    expect(deploymentsFromEnv({}, { chainId: 11124 })).toBeUndefined();
  });

  it('builds the same deployments the file would hold', () => {
    expect(deploymentsFromEnv(env, { chainId: 11124 })).toEqual(parseDeployments(valid));
  });

  it('reads a prefix (a front end build) ', () => {
    const prefixed = Object.fromEntries(Object.entries(env).map(([key, value]) => [`VITE_${key}`, value]));
    expect(deploymentsFromEnv(prefixed, { chainId: 11124, prefix: 'VITE_' })).toEqual(
      parseDeployments(valid),
    );
  });

  it('lists every missing or invalid variable when only some are set', () => {
    let error: unknown;
    try {
      deploymentsFromEnv(
        { PROFILE_REGISTRY_ADDRESS: 'x', CONTRACTS_DEPLOYED_AT_BLOCK: 'soon' },
        { chainId: 11124 },
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DeploymentsError);
    expect((error as Error).message.split('\n').map((line) => line.split(':')[0])).toEqual([
      'ENTRY_POINT_ADDRESS',
      'PROFILE_REGISTRY_ADDRESS',
      'SMART_ACCOUNT_FACTORY_ADDRESS',
      'VERIFYING_PAYMASTER_ADDRESS',
      'BADGE_NFT_ADDRESS',
      'PARTNER_NFT_ADDRESS',
      'PARTNER_TOKEN_ADDRESS',
      'CONTRACTS_DEPLOYED_AT_BLOCK',
    ]);
  });
});
