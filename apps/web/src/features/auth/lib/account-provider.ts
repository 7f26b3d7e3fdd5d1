import type { Address, Hex } from 'viem';

/**
 * What the login needs from the account provider (spec 4 Login: 'connect the wallet'). The app's implementation
 * sits on the wallet popup's EIP-1193 provider (features/auth/wallet); `connect` must open the popup before its
 * first await, because it runs inside the click and browsers block pop-ups opened later.
 */
export interface AccountProvider {
  /** Asks for the smart account ('Create account' or 'Continue' in the popup) and resolves with its address. */
  connect(): Promise<Address>;
  /** `personal_sign` of a UTF-8 message by the smart account (EIP-1271, EIP-6492 before deployment). */
  signMessage(address: Address, message: string): Promise<Hex>;
  /** Forgets the connection and closes the popup. */
  disconnect(): Promise<void>;
  /** Called when the wallet disconnects on its own (the person closed it or left). Returns the unsubscribe. */
  onDisconnect(listener: () => void): () => void;
}

/** The popup could not be opened (window.open returned null): the popup-blocked notice shows. */
export class PopupBlockedError extends Error {
  constructor() {
    super('The account provider pop-up was blocked');
    this.name = 'PopupBlockedError';
  }
}

export function isPopupBlockedError(error: unknown): boolean {
  return error instanceof PopupBlockedError;
}
