import { DEFAULT_CHAIN_ID } from '@ojo/domain/constants';
import { type Address, getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';

/** How long a sign-in message stays valid; the API keeps its nonce for 10 minutes, so no longer than that. */
export const SIWE_MESSAGE_TTL_MS = 10 * 60 * 1000;

export interface SiweMessageInput {
  address: string;
  nonce: string;
  /** The page's location: the API checks `domain === host` and `uri === origin` (EIP-4361). */
  location: { host: string; origin: string };
  productName: string;
  chainId?: number;
  now?: Date;
}

/**
 * The EIP-4361 message the account signs to sign in to the identity layer (product.md 4 Login: 'sign in to the identity
 * layer, obtain an id token').
 */
export function buildSiweMessage(input: SiweMessageInput): string {
  const issuedAt = input.now ?? new Date();
  const address: Address = getAddress(input.address);
  return createSiweMessage({
    domain: input.location.host,
    uri: input.location.origin,
    address,
    chainId: input.chainId ?? DEFAULT_CHAIN_ID,
    nonce: input.nonce,
    version: '1',
    statement: `Sign in to ${input.productName}.`,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + SIWE_MESSAGE_TTL_MS),
  });
}
