import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/*
 * These are anvil's PUBLIC test keys (mnemonic "test test test test test test test test test test test junk",
 * accounts 0..9), funded with 10,000 ETH at genesis. Everybody knows them: use them on the LOCAL DEVNET ONLY,
 * never on a public network.
 */
export const ANVIL_TEST_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const satisfies readonly Hex[];

/** Local-devnet keys by role. Distinct keys so nonces of the deployer, bundler and API never collide. */
export const devnetKeys = {
  /** Deploys the project contracts and owns them (ProfileRegistry, paymaster, ...). */
  deployer: ANVIL_TEST_KEYS[0],
  /** Alto's executor: submits handleOps bundles. */
  bundlerExecutor: ANVIL_TEST_KEYS[1],
  /** Alto's utility wallet: deploys alto's simulation contracts, refills executors. */
  bundlerUtility: ANVIL_TEST_KEYS[2],
  /** The API's key: ProfileRegistry registrar and VerifyingPaymaster signer. */
  apiSigner: ANVIL_TEST_KEYS[3],
  /** Free funded keys for demos, seeds and tests (anvil accounts 4..9). */
  spare: [
    ANVIL_TEST_KEYS[4],
    ANVIL_TEST_KEYS[5],
    ANVIL_TEST_KEYS[6],
    ANVIL_TEST_KEYS[7],
    ANVIL_TEST_KEYS[8],
    ANVIL_TEST_KEYS[9],
  ],
} as const;

export const devnetAddresses = {
  deployer: privateKeyToAccount(devnetKeys.deployer).address,
  bundlerExecutor: privateKeyToAccount(devnetKeys.bundlerExecutor).address,
  bundlerUtility: privateKeyToAccount(devnetKeys.bundlerUtility).address,
  apiSigner: privateKeyToAccount(devnetKeys.apiSigner).address,
} as const;

/**
 * The API's badge signer on the local devnet (BADGE_SIGNER_PRIVATE_KEY elsewhere): signs BadgeNFT mint requests and
 * never sends transactions, so it is no anvil account and holds no ETH. Its own key (keccak256 of 'ojo-arena local
 * devnet badge signer'), public like the rest: local devnet only.
 */
export const DEVNET_BADGE_SIGNER_KEY: Hex =
  '0x47c653049153000d2321b45be6d9259b2fe9b43f2f9dbc8a5148fb28fe8ddbfa';
export const DEVNET_BADGE_SIGNER_ADDRESS = privateKeyToAccount(DEVNET_BADGE_SIGNER_KEY).address;
