import type { Database } from '@ojo/db/client';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import type { User } from '@ojo/db/schema/users';
import { and, count, eq } from '@ojo/db/sql';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import { linkWalletMessage } from '@ojo/domain/wallet/wallet-bind';
import { type PublicClient, verifyMessage } from 'viem';
import { isUniqueViolation } from '../../lib/db-errors';
import { EnvelopeAnswer } from '../../lib/route';
import { consumeNonce, NONCE_PURPOSE } from '../identity/nonces';

/** spec 9 'Linkable wallets: up to 2 plus the smart-account wallet'. */
export const MAX_LINKED_WALLETS = 2;

const MSG_KEYS = {
  [ERROR_CODES.WALLET_BIND_FAILED]: 'wallet.bind.failed',
  [ERROR_CODES.WALLET_BOUND_TO_ANOTHER_ACCOUNT]: 'wallet.bind.bound.elsewhere',
  [ERROR_CODES.WALLET_ALREADY_BOUND_OTHER]: 'wallet.bind.limit',
} as const;

function refuse(code: keyof typeof MSG_KEYS): EnvelopeAnswer {
  return new EnvelopeAnswer(false, code, MSG_KEYS[code], false);
}

export interface BindWalletInput {
  publicKey: string;
  address: string;
  nonce: string;
  signature: `0x${string}`;
}

/**
 * POST /customer/bind/auth: the nonce was issued for this wallet and is used once; the signature over
 * `linkWalletMessage` is the wallet's (EOA, EIP-1271 or EIP-6492, as viem verifies it); then the wallet is linked,
 * unless another player holds it (1116) or the player already linked the most wallets (1117). Anything wrong with
 * the proof is 1115. A wallet the player already linked answers true again.
 */
export async function bindWallet(
  deps: { db: Database; publicClient: PublicClient; productName: string },
  user: User,
  input: BindWalletInput,
): Promise<true | EnvelopeAnswer> {
  const address = input.address.toLowerCase() as `0x${string}`;
  if (input.publicKey.toLowerCase() !== user.smartAccountAddress)
    return refuse(ERROR_CODES.WALLET_BIND_FAILED);
  const isFresh = await consumeNonce(deps.db, {
    nonce: input.nonce,
    purpose: NONCE_PURPOSE.walletSignature,
    publicKey: address,
  });
  if (!isFresh) return refuse(ERROR_CODES.WALLET_BIND_FAILED);
  const message = linkWalletMessage({ productName: deps.productName, address, nonce: input.nonce });
  // A plain key's signature is checked here; a contract wallet's (EIP-1271, EIP-6492) asks the chain.
  const isValid =
    (await verifyMessage({ address, message, signature: input.signature }).catch(() => false)) ||
    (await deps.publicClient
      .verifyMessage({ address, message, signature: input.signature })
      .catch(() => false));
  if (!isValid) return refuse(ERROR_CODES.WALLET_BIND_FAILED);
  return linkAddress(deps.db, user.id, address);
}

async function linkAddress(db: Database, userId: string, address: string): Promise<true | EnvelopeAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: userAddresses.userId })
        .from(userAddresses)
        .where(and(eq(userAddresses.chainType, 'EVM'), eq(userAddresses.address, address)));
      if (owner) return owner.userId === userId ? true : refuse(ERROR_CODES.WALLET_BOUND_TO_ANOTHER_ACCOUNT);
      const [linked] = await tx
        .select({ total: count() })
        .from(userAddresses)
        .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isConnected, true)));
      if (Number(linked?.total ?? 0) >= MAX_LINKED_WALLETS)
        return refuse(ERROR_CODES.WALLET_ALREADY_BOUND_OTHER);
      await tx.insert(userAddresses).values({
        userId,
        platform: 'others',
        walletType: 'EVM',
        chainType: 'EVM',
        address,
        isConnected: true,
      });
      return true as const;
    });
  } catch (error) {
    // Another player linked the same wallet in the same moment.
    if (isUniqueViolation(error)) return refuse(ERROR_CODES.WALLET_BOUND_TO_ANOTHER_ACCOUNT);
    throw error;
  }
}
