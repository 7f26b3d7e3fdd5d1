import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env';
import { createChainService } from '../../src/modules/chain/chain-service';
import { TEST_CHAIN } from '../helpers';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ojo-config-'));
const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const addresses = {
  ENTRY_POINT_ADDRESS: a(9),
  PROFILE_REGISTRY_ADDRESS: a(1),
  SMART_ACCOUNT_FACTORY_ADDRESS: a(2),
  VERIFYING_PAYMASTER_ADDRESS: a(3),
  BADGE_NFT_ADDRESS: a(4),
  PARTNER_NFT_ADDRESS: a(5),
  PARTNER_TOKEN_ADDRESS: a(6),
};

function writeDeployments(file: string, chainId: number, registry: string, deployedAtBlock = 1) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      chainId,
      entryPoint: a(9),
      contracts: {
        ProfileRegistry: registry,
        SmartAccountFactory: a(2),
        VerifyingPaymaster: a(3),
        BadgeNFT: a(4),
        PartnerNFT: a(5),
        PartnerToken: a(6),
      },
      deployedAtBlock,
    }),
  );
}

describe('contract addresses by configuration', () => {
  it('reads <DATA_DIR>/devnet/deployments.json by default, again when it changes', () => {
    const dataDir = tempDir();
    const chain = createChainService(loadConfig({ DATA_DIR: dataDir }, TEST_CHAIN));
    expect(chain.deployments()).toBeUndefined();
    expect(() => chain.contractAddress('ProfileRegistry')).toThrow(/not deployed/);

    const file = path.join(dataDir, 'devnet', 'deployments.json');
    writeDeployments(file, 11124, a(1));
    expect(chain.contractAddress('ProfileRegistry')).toBe(a(1));
    // A redeploy: other addresses, a later block (and so another size: the reader notices by size and time).
    writeDeployments(file, 11124, a(0xabc), 123_456);
    expect(chain.contractAddress('ProfileRegistry').toLowerCase()).toBe(a(0xabc));
  });

  it('reads DEPLOYMENTS_FILE, and ignores deployments of another chain', () => {
    const file = path.join(tempDir(), 'elsewhere.json');
    writeDeployments(file, 1, a(1));
    const chain = createChainService(loadConfig({ DATA_DIR: tempDir(), DEPLOYMENTS_FILE: file }, TEST_CHAIN));
    expect(chain.deployments()).toBeUndefined();
    writeDeployments(file, 11124, a(1));
    expect(chain.deployments()?.contracts.ProfileRegistry).toBe(a(1));
  });

  it('takes explicit addresses (production) over any file', () => {
    const dataDir = tempDir();
    writeDeployments(path.join(dataDir, 'devnet', 'deployments.json'), 11124, a(0xdead));
    const config = loadConfig(
      { DATA_DIR: dataDir, ...addresses, CONTRACTS_DEPLOYED_AT_BLOCK: '42' },
      TEST_CHAIN,
    );
    const chain = createChainService(config);
    expect(chain.deployments()).toEqual({
      chainId: 11124,
      entryPoint: a(9),
      contracts: {
        ProfileRegistry: a(1),
        SmartAccountFactory: a(2),
        VerifyingPaymaster: a(3),
        BadgeNFT: a(4),
        PartnerNFT: a(5),
        PartnerToken: a(6),
      },
      deployedAtBlock: 42,
    });
  });

  it('refuses to start with only some of the addresses, naming the missing ones', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), PROFILE_REGISTRY_ADDRESS: a(1) }, TEST_CHAIN);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'ENTRY_POINT_ADDRESS',
      'SMART_ACCOUNT_FACTORY_ADDRESS',
      'VERIFYING_PAYMASTER_ADDRESS',
      'BADGE_NFT_ADDRESS',
      'PARTNER_NFT_ADDRESS',
      'PARTNER_TOKEN_ADDRESS',
    ]);
  });
});
