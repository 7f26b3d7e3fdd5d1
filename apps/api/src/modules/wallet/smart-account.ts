import type { Customer } from '@ojo/db/schema/customers';
import type { Address } from 'viem';
import { walletErrors } from './errors';

/** The session user's smart-account address (lower-case): the only account wallet calls read (spec 6). */
export function smartAccountOf(user: Customer): Address {
  if (!user.ospAaAddress) throw walletErrors.smartAccountRequired();
  return user.ospAaAddress as Address;
}
