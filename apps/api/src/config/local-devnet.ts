import { isIP } from 'node:net';
import { type Address, isAddressEqual } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';

/**
 * Whether the API talks to the local devnet (anvil on this machine, as `npm start` runs it) decides what may run
 * with the devnet's conveniences: anvil's well-known keys, the stand-in Google/Twitter/Apple login and the demo
 * data. Chain id 11124 is also Abstract's testnet, so the id proves nothing: the node must be on a loopback address
 * and answer as anvil.
 */
export interface ChainTarget {
  rpcUrl: string;
  chainId: number;
}

export interface LocalDevnetCheck {
  isLocalDevnet: boolean;
  /** Why the chain is (not) taken for the local devnet, for the start log and the configuration errors. */
  reason: string;
}

/** anvil's default mnemonic: everybody knows it, and so every key it derives. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** anvil funds and unlocks this many accounts of the mnemonic by default (`--accounts 10`). */
const ANVIL_DEFAULT_ACCOUNTS = 10;

let wellKnownAddresses: Address[] | undefined;

/** The addresses of anvil's default accounts (derived once from the public mnemonic). */
export function anvilWellKnownAddresses(): readonly Address[] {
  wellKnownAddresses ??= Array.from(
    { length: ANVIL_DEFAULT_ACCOUNTS },
    (_, addressIndex) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }).address,
  );
  return wellKnownAddresses;
}

/** True when `privateKey` is one of anvil's default accounts: a key anyone can sign with. */
export function isAnvilWellKnownKey(privateKey: `0x${string}`): boolean {
  const { address } = privateKeyToAccount(privateKey);
  return anvilWellKnownAddresses().some((known) => isAddressEqual(known, address));
}

/** A URL whose host is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (isIP(hostname) === 4) return hostname.startsWith('127.');
  return hostname === '::1';
}

async function rpc(url: string, method: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: unknown };
  return body.result;
}

/**
 * Asks the node at `target.rpcUrl` whether it is the local devnet: a loopback URL (checked first, so a remote node
 * is never even asked), `web3_clientVersion` starting with `anvil/`, and `eth_chainId` equal to the configured id.
 * No answer counts as "not the local devnet".
 */
export async function checkLocalDevnet(target: ChainTarget, timeoutMs = 3000): Promise<LocalDevnetCheck> {
  if (!isLoopbackUrl(target.rpcUrl)) {
    return { isLocalDevnet: false, reason: `${target.rpcUrl} is not on this machine` };
  }
  let client: unknown;
  let chainId: unknown;
  try {
    [client, chainId] = await Promise.all([
      rpc(target.rpcUrl, 'web3_clientVersion', timeoutMs),
      rpc(target.rpcUrl, 'eth_chainId', timeoutMs),
    ]);
  } catch {
    return { isLocalDevnet: false, reason: `the node at ${target.rpcUrl} did not answer` };
  }
  if (typeof client !== 'string' || !/^anvil\//i.test(client)) {
    return {
      isLocalDevnet: false,
      reason: `the node at ${target.rpcUrl} is ${typeof client === 'string' ? client : 'unknown'}, not anvil`,
    };
  }
  if (typeof chainId !== 'string' || Number.parseInt(chainId, 16) !== target.chainId) {
    return {
      isLocalDevnet: false,
      reason: `anvil at ${target.rpcUrl} runs another chain than ${target.chainId}`,
    };
  }
  return { isLocalDevnet: true, reason: `anvil (${client}) at ${target.rpcUrl}` };
}
