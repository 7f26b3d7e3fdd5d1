import { createHmac } from 'node:crypto';
import type { BindRequest, LoginRequest } from '@ojo/api-contract/user';
import type { Database, Transaction } from '@ojo/db/client';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { type User, users } from '@ojo/db/schema/users';
import { and, eq, isNull } from '@ojo/db/sql';
import type { Address } from 'viem';
import { isUniqueViolation } from '../../lib/db-errors';
import { identityErrors } from '../identity/errors';
import type { IdentityService } from '../identity/plugin';
import { generateReferralCode, recordReferral } from '../referral/service';
import { sessionErrors } from '../session/errors';
import { isSessionUsable } from '../session/sessions';
import { userErrors } from './errors';

/** How often registration retries when a random referral code collides with an existing one. */
const REFERRAL_CODE_ATTEMPTS = 8;

/**
 * Inserts the user's EVM address row inside `tx`. Throws the 409 when another user holds the address (for
 * instance as a linked wallet), so the caller's transaction rolls back whole; a row the user already has is
 * kept. ON CONFLICT DO NOTHING waits for a concurrent insert of the same address to commit, so the check that
 * follows sees it.
 */
async function insertOwnAddress(
  tx: Transaction,
  row: { userId: string; platform: string; walletType: string; address: string },
): Promise<void> {
  const [inserted] = await tx
    .insert(userAddresses)
    .values({ ...row, chainType: 'EVM' })
    .onConflictDoNothing()
    .returning({ id: userAddresses.id });
  if (inserted) return;
  const [holder] = await tx
    .select({ userId: userAddresses.userId })
    .from(userAddresses)
    .where(and(eq(userAddresses.chainType, 'EVM'), eq(userAddresses.address, row.address)))
    .limit(1);
  if (holder?.userId !== row.userId) throw userErrors.publicKeyAlreadyBound();
}

/** The web3auth variant of product.md 7 (walletType evm) looks the user up by its web3auth address. */
const WEB3AUTH_WALLET_TYPE = 'evm';

/** A valid id token of a SIWE sign-in: its account, its session and when the person signed in. */
export interface SignedInAccount {
  address: Address;
  sessionId: string;
  /** ms since the epoch. */
  signedInAt: number;
}

/**
 * Verifies the id token and that its subject is `address`, and that it names its sign-in (`sid`, `auth_time`),
 * which the session it opens needs.
 */
export async function requireIdTokenFor(
  identity: IdentityService,
  idToken: string,
  address: string,
): Promise<SignedInAccount> {
  const claims = await identity.verify(idToken);
  if (!claims || claims.sessionId === undefined || claims.authTime === undefined) {
    throw identityErrors.idTokenInvalid();
  }
  if (claims.address.toLowerCase() !== address.toLowerCase()) {
    throw userErrors.subjectMismatch();
  }
  return { address: claims.address, sessionId: claims.sessionId, signedInAt: claims.authTime };
}

/**
 * `POST /customer/login` (product.md 7): finds the user of the id token's account, or registers it (autoRegister,
 * smart-account variant only) with a unique referral code, counting the referral once. Answers the user and
 * whether it was created now.
 */
export async function loginWithIdToken(
  db: Database,
  identity: IdentityService,
  input: LoginRequest,
): Promise<{ user: User; created: boolean; signIn: SignedInAccount }> {
  const signIn = await requireIdTokenFor(identity, input.idToken, input.accountAddress);
  const address = signIn.address.toLowerCase();
  const isWeb3auth = input.walletType === WEB3AUTH_WALLET_TYPE;
  const keyColumn = isWeb3auth ? users.web3authAddress : users.smartAccountAddress;
  const [existing] = await db.select().from(users).where(eq(keyColumn, address)).limit(1);
  if (existing) return { user: existing, created: false, signIn };
  if (!input.autoRegister || isWeb3auth) {
    throw userErrors.notFound();
  }

  for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt += 1) {
    const outcome = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ smartAccountAddress: address, referralCode: generateReferralCode() })
        .onConflictDoNothing()
        .returning();
      if (!created) return null;
      // Another user holding the address (e.g. as a linked wallet) refuses the registration, user included.
      await insertOwnAddress(tx, {
        userId: created.id,
        platform: input.platform,
        walletType: input.walletType,
        address,
      });
      await recordReferral(tx, created, input.referralCode, input.sourceType);
      return created;
    });
    if (outcome) return { user: outcome, created: true, signIn };
    // Either a parallel login registered this account first, or the random referral code was taken: look again.
    const [raced] = await db.select().from(users).where(eq(users.smartAccountAddress, address)).limit(1);
    if (raced) return { user: raced, created: false, signIn };
  }
  throw new Error('could not find a free referral code');
}

/**
 * `POST /customer/bind` (product.md 7): gives the session's user (an old user) the smart account of the id token as
 * its osp_aa, which completes the migration (the user is no longer old type). Answers the id token's sign-in,
 * whose session the caller records for the user (so that logout can end it).
 */
export async function bindSmartAccount(
  db: Database,
  identity: IdentityService,
  user: User,
  input: BindRequest,
  now: Date,
): Promise<SignedInAccount> {
  const signIn = await requireIdTokenFor(identity, input.idToken, input.smartAccountAddress);
  const address = signIn.address.toLowerCase();
  if (user.smartAccountAddress === address) return signIn;
  if (user.smartAccountAddress) {
    throw userErrors.alreadyBound();
  }
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.smartAccountAddress, address))
    .limit(1);
  const [addressHolder] = await db
    .select({ userId: userAddresses.userId })
    .from(userAddresses)
    .where(and(eq(userAddresses.chainType, 'EVM'), eq(userAddresses.address, address)))
    .limit(1);
  if ((holder && holder.id !== user.id) || (addressHolder && addressHolder.userId !== user.id)) {
    throw userErrors.publicKeyAlreadyBound();
  }
  // A sign-in that logout ended (or another user's) binds nothing.
  if (!(await isSessionUsable(db, signIn.sessionId, now, user.id))) throw sessionErrors.ended();
  // The checks above answer the common case early; the transaction below decides (a concurrent bind or wallet link
  // may have taken the address since): the osp_aa and the address row are written together or not at all.
  try {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({ smartAccountAddress: address, isOldType: false })
        .where(and(eq(users.id, user.id), isNull(users.smartAccountAddress)))
        .returning({ id: users.id });
      if (updated.length === 0) {
        throw userErrors.alreadyBound();
      }
      await insertOwnAddress(tx, {
        userId: user.id,
        platform: input.platform,
        walletType: input.walletType,
        address,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw userErrors.publicKeyAlreadyBound();
    throw error;
  }
  return signIn;
}

/**
 * `GET /customer/sign`: the API's signature over the user id for the Telegram bind start value. HMAC-SHA256
 * with a key derived from the session secret, truncated to 128 bits and base64url encoded (22 characters), so
 * `<id without dashes>_<sign>` fits Telegram's 64-character start parameter.
 */
export function signUserId(sessionSecret: Uint8Array, userId: string): string {
  const key = createHmac('sha256', sessionSecret).update('ojo:telegram-start').digest();
  return createHmac('sha256', key).update(userId).digest().subarray(0, 16).toString('base64url');
}
