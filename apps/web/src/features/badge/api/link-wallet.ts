import { bindWalletRoute } from '@ojo/api-contract/linked-wallet';
import { oauthNonceRoute } from '@ojo/api-contract/user';
import { BIND_WALLET_REQUEST_DEFAULTS } from '@ojo/domain/constants';
import {
  type LinkedWalletKind,
  linkWalletMessage,
  walletBindErrorMessage,
} from '@ojo/domain/wallet/wallet-bind';
import { type Address, getAddress, type Hex, stringToHex } from 'viem';
import { env } from '@/config/env';
import { ApiError, apiClient } from '@/lib/api-client';

/** An EIP-1193 provider (an injected wallet found through EIP-6963). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** An injected wallet announced through EIP-6963. */
export interface InjectedWallet {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

export class LinkWalletError extends Error {
  override name = 'LinkWalletError';
}

/** product.md 8 Wallet bind rows: 1115, 1116, 1117, else the other-failure text. */
export function linkWalletErrorText(error: unknown): string {
  return walletBindErrorMessage(error instanceof ApiError ? error.code : undefined);
}

/**
 * product.md 4 Wallet bind: get a nonce, sign a message, then bind (POST /customer/bind/auth) for `linkKind` (the partner
 * NFT wallet or the partner token wallet, product.md 2). The wallet signs `linkWalletMessage` with personal_sign; the API
 * checks it (EOA, EIP-1271 or EIP-6492).
 */
export async function linkWallet(
  wallet: Eip1193Provider,
  smartAccount: Address,
  linkKind: LinkedWalletKind,
): Promise<Address> {
  const [first] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  if (!first) throw new LinkWalletError('The wallet shared no account');
  const address = getAddress(first);
  const nonce = (await apiClient.callRoute(oauthNonceRoute, { query: { publicKey: address } }))?.nonce;
  if (!nonce) throw new LinkWalletError('No nonce');
  const message = linkWalletMessage({ productName: env.productName, address, nonce });
  const signature = (await wallet.request({
    method: 'personal_sign',
    params: [stringToHex(message), address],
  })) as Hex;
  await apiClient.callRoute(bindWalletRoute, {
    body: { publicKey: smartAccount, address, nonce, signature, linkKind, ...BIND_WALLET_REQUEST_DEFAULTS },
  });
  return address;
}
