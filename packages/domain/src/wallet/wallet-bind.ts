import { ERROR_CODES, isErrorCode } from '../error-codes';
import { WALLET_BIND_TEXT } from '../messages';

/** product.md 8 wallet-bind rows: codes 1115, 1116, 1117, else 'Fail to connect wallet. Please try again'. */
export function walletBindErrorMessage(code: unknown): string {
  if (isErrorCode(code, ERROR_CODES.WALLET_BIND_FAILED)) return WALLET_BIND_TEXT.somethingWrong;
  if (isErrorCode(code, ERROR_CODES.WALLET_BOUND_TO_ANOTHER_ACCOUNT))
    return WALLET_BIND_TEXT.boundToAnotherAccount;
  if (isErrorCode(code, ERROR_CODES.WALLET_ALREADY_BOUND_OTHER)) return WALLET_BIND_TEXT.alreadyBoundOther;
  return WALLET_BIND_TEXT.connectFailed;
}

/**
 * The message a player signs with a wallet to link it (product.md 4 Wallet bind: 'Get a nonce, sign a message, then
 * bind'). It names the product, the wallet and the single-use nonce, so a signature links exactly that wallet once.
 */
export function linkWalletMessage(input: { productName: string; address: string; nonce: string }): string {
  return `Link this wallet to your ${input.productName} account.\n\nWallet: ${input.address.toLowerCase()}\nNonce: ${input.nonce}`;
}

/**
 * What a linked wallet is for (product.md 2: 'Up to 2 additional wallets can be linked (one for the NFTs, one for the
 * partner token) besides the smart-account wallet. Linking is locked once set.'). The partner NFT badge reads the
 * NFT balance of the smart account and the `partner_nft` wallet; the partner token badge reads the token balance of
 * the smart account and the `partner_token` wallet.
 */
export const LINKED_WALLET_KINDS = ['partner_nft', 'partner_token'] as const;
export type LinkedWalletKind = (typeof LINKED_WALLET_KINDS)[number];
