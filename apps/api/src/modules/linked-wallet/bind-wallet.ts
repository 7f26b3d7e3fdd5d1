import type { Database } from '@ojo/db/client';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import type { User } from '@ojo/db/schema/users';
import { and, eq } from '@ojo/db/sql';
import { WALLET_BIND_ERRORS } from '@ojo/domain/error-catalogue';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import {
  LINKED_WALLET_KINDS,
  type LinkedWalletKind,
  linkWalletMessage,
} from '@ojo/domain/wallet/wallet-bind';
import { type PublicClient, verifyMessage } from 'viem';
import { isUniqueViolation, uniqueViolationConstraint } from '../../lib/db-errors';
import type { AppEventBus } from '../../lib/events';
import { EnvelopeAnswer } from '../../lib/route';
import { consumeNonce, NONCE_PURPOSE } from '../identity/nonces';

/** product.md 9 'Linkable wallets: up to 2 plus the smart-account wallet'. */
export const MAX_LINKED_WALLETS = 2;

const MSG_KEYS = {
  [ERROR_CODES.WALLET_BIND_FAILED]: WALLET_BIND_ERRORS.failed.msgKey,
  [ERROR_CODES.WALLET_BOUND_TO_ANOTHER_ACCOUNT]: WALLET_BIND_ERRORS.boundElsewhere.msgKey,
  [ERROR_CODES.WALLET_ALREADY_BOUND_OTHER]: WALLET_BIND_ERRORS.limit.msgKey,
} as const;

function refuse(code: keyof typeof MSG_KEYS): EnvelopeAnswer {
  return new EnvelopeAnswer(false, code, MSG_KEYS[code], false);
}

/** 1117 with its own msgKey: the wallet of that kind is set (product.md 2 'Linking is locked once set'). */
const refuseLockedKind = () =>
  new EnvelopeAnswer(false, WALLET_BIND_ERRORS.kindLocked.code, WALLET_BIND_ERRORS.kindLocked.msgKey, false);

export interface BindWalletInput {
  publicKey: string;
  address: string;
  nonce: string;
  signature: `0x${string}`;
  /** Absent: the first kind still free. */
  linkKind?: LinkedWalletKind;
}

/**
 * POST /customer/bind/auth: the nonce was issued for this wallet and is used once; the signature over
 * `linkWalletMessage` is the wallet's (EOA, EIP-1271 or EIP-6492, as viem verifies it); then the wallet is linked,
 * unless another player holds it (1116) or the player already linked the most wallets (1117). Each linked wallet
 * serves one kind (partner NFT or partner token, product.md 2) and is locked once set: asking for a kind whose wallet is
 * set, or linking a wallet already linked for the other kind, is 1117 and changes nothing. Anything wrong with the
 * proof is 1115. A wallet the player already linked for that kind (or with no kind asked) answers true again. A new
 * link emits `walletLinked` in its transaction.
 */
export async function bindWallet(
  deps: { db: Database; publicClient: PublicClient; productName: string; events: AppEventBus },
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
  return linkAddress(deps, user.id, address, input.linkKind);
}

async function linkAddress(
  { db, events }: { db: Database; events: AppEventBus },
  userId: string,
  address: string,
  askedKind: LinkedWalletKind | undefined,
): Promise<true | EnvelopeAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: userAddresses.userId, linkKind: userAddresses.linkKind })
        .from(userAddresses)
        .where(and(eq(userAddresses.chainType, 'EVM'), eq(userAddresses.address, address)));
      if (owner) {
        if (owner.userId !== userId) return refuse(ERROR_CODES.WALLET_BOUND_TO_ANOTHER_ACCOUNT);
        // Already this player's: the same link again is a success; the other kind's wallet is locked.
        return askedKind && owner.linkKind && owner.linkKind !== askedKind ? refuseLockedKind() : true;
      }
      const linked = await tx
        .select({ linkKind: userAddresses.linkKind })
        .from(userAddresses)
        .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isConnected, true)));
      if (linked.length >= MAX_LINKED_WALLETS) return refuse(ERROR_CODES.WALLET_ALREADY_BOUND_OTHER);
      const taken = new Set(linked.map((row) => row.linkKind));
      const linkKind = askedKind ?? LINKED_WALLET_KINDS.find((kind) => !taken.has(kind));
      if (!linkKind) return refuse(ERROR_CODES.WALLET_ALREADY_BOUND_OTHER);
      if (taken.has(linkKind)) return refuseLockedKind();
      await tx.insert(userAddresses).values({
        userId,
        platform: 'others',
        walletType: 'EVM',
        chainType: 'EVM',
        address,
        isConnected: true,
        linkKind,
      });
      // The tasks module completes its wallet_bind tasks here, in this transaction (lib/events.ts).
      await events.emit(tx, 'walletLinked', { userId, address });
      return true as const;
    });
  } catch (error) {
    // In the same moment, another player linked the same wallet, or this player set the same kind.
    if (isUniqueViolation(error))
      return uniqueViolationConstraint(error) === KIND_UNIQUE
        ? refuseLockedKind()
        : refuse(ERROR_CODES.WALLET_BOUND_TO_ANOTHER_ACCOUNT);
    throw error;
  }
}

const KIND_UNIQUE = 'user_addresses_user_link_kind_unique';
