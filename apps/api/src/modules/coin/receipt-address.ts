import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../config/env';

/** The treasury's key: COIN_TREASURY_PRIVATE_KEY, or the API's key (funded on the local devnet). */
export function treasuryKey(config: AppConfig): `0x${string}` {
  return config.coin.treasuryPrivateKey ?? config.apiSignerPrivateKey;
}

/** Addresses of keys, derived once (deriving one is a curve multiplication: not on every request). */
const addressOfKey = new Map<string, `0x${string}`>();

/** Where players pay for OJO (lower-case): COIN_RECEIPT_ADDRESS, or the treasury's address. */
export function receiptAddress(config: AppConfig): `0x${string}` {
  if (config.coin.receiptAddress) return config.coin.receiptAddress;
  const key = treasuryKey(config);
  let address = addressOfKey.get(key);
  if (!address) {
    address = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
    addressOfKey.set(key, address);
  }
  return address;
}

/** The treasury's address (lower-case): where redemptions and refunds are paid from. */
export function treasuryAddress(config: AppConfig): `0x${string}` {
  return privateKeyToAccount(treasuryKey(config)).address.toLowerCase() as `0x${string}`;
}
