import type { Address, Hex } from 'viem';
import { PopupBlockedError } from '../wallet/account-provider';

/**
 * What the login needs from the account provider (product.md 4 Login: 'connect the wallet'). The app's implementation
 * (arena-account-provider.ts) sits on the wallet popup's EIP-1193 provider; `connect` must open the popup before its
 * first await, because it runs inside the click and browsers block pop-ups opened later.
 */
export interface LoginAccountProvider {
  /** Asks for the smart account ('Create account' or 'Continue' in the popup) and resolves with its address. */
  connect(): Promise<Address>;
  /** `personal_sign` of a UTF-8 message by the smart account (EIP-1271, EIP-6492 before deployment). */
  signMessage(address: Address, message: string): Promise<Hex>;
  /** Forgets the connection and closes the popup. */
  disconnect(): Promise<void>;
  /** A stored session names its smart account: the provider knows it as connected without a popup. */
  restore(address: Address): void;
  /** Called when the wallet disconnects on its own (the person closed it or left). Returns the unsubscribe. */
  onDisconnect(listener: () => void): () => void;
}

/** window.open returned null: the popup-blocked notice shows (product.md 8). */
export function isPopupBlockedError(error: unknown): boolean {
  return error instanceof PopupBlockedError;
}
