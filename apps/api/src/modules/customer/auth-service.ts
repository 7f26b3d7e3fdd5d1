import { createHmac } from 'node:crypto';
import type { Database, Transaction } from '@ojo/db/client';
import { customerAddresses } from '@ojo/db/schema/customer-addresses';
import { type Customer, customers } from '@ojo/db/schema/customers';
import { and, eq, isNull } from '@ojo/db/sql';
import { MSG_KEYS } from '@ojo/domain/error-codes';
import type { Address } from 'viem';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { IdentityService } from '../identity/plugin';
import { generateInviteCode, recordInvitation } from '../invite/service';
import { isSessionUsable, sessionEnded } from '../session/sessions';

/** How often registration retries when a random invite code collides with an existing one. */
const INVITE_CODE_ATTEMPTS = 8;

export interface LoginInput {
  idToken: string;
  publicKey: string;
  inviteCode: string;
  sourceType?: string | undefined;
  platform: string;
  walletType: string;
  autoRegister: boolean;
}

/** 409 when the smart account (as osp_aa or as any customer's address row) belongs to another customer. */
function publicKeyAlreadyBound(): AppError {
  return new AppError(
    409,
    'PUBLIC_KEY_ALREADY_BOUND',
    MSG_KEYS.PUBLIC_KEY_ALREADY_BOUND,
    'This smart account already belongs to another customer',
  );
}

/**
 * Inserts the customer's EVM address row inside `tx`. Throws the 409 when another customer holds the address (for
 * instance as a linked wallet), so the caller's transaction rolls back whole; a row the customer already has is
 * kept. ON CONFLICT DO NOTHING waits for a concurrent insert of the same address to commit, so the check that
 * follows sees it.
 */
async function insertOwnAddress(
  tx: Transaction,
  row: { customerId: string; platform: string; walletType: string; address: string },
): Promise<void> {
  const [inserted] = await tx
    .insert(customerAddresses)
    .values({ ...row, chainType: 'EVM' })
    .onConflictDoNothing()
    .returning({ id: customerAddresses.id });
  if (inserted) return;
  const [holder] = await tx
    .select({ customerId: customerAddresses.customerId })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.chainType, 'EVM'), eq(customerAddresses.address, row.address)))
    .limit(1);
  if (holder?.customerId !== row.customerId) throw publicKeyAlreadyBound();
}

/** The web3auth variant of spec 7 (walletType evm) looks the customer up by its web3auth address. */
const WEB3AUTH_WALLET_TYPE = 'evm';

/** A valid id token of a SIWE sign-in: its account, its session and when the person signed in. */
export interface SignedInAccount {
  address: Address;
  sessionId: string;
  /** ms since the epoch. */
  signedInAt: number;
}

/**
 * Verifies the id token and that its subject is `publicKey`, and that it names its sign-in (`sid`, `auth_time`),
 * which the session it opens needs.
 */
export async function requireIdTokenFor(
  identity: IdentityService,
  idToken: string,
  publicKey: string,
): Promise<SignedInAccount> {
  const claims = await identity.verify(idToken);
  if (!claims || claims.sessionId === undefined || claims.authTime === undefined) {
    throw new AppError(401, 'UNAUTHORIZED', 'identity.token.invalid', 'The id token is invalid or expired');
  }
  if (claims.address.toLowerCase() !== publicKey.toLowerCase()) {
    throw new AppError(
      401,
      'UNAUTHORIZED',
      'identity.subject.mismatch',
      'The id token belongs to another account',
    );
  }
  return { address: claims.address, sessionId: claims.sessionId, signedInAt: claims.authTime };
}

/**
 * `POST /customer/login` (spec 7): finds the customer of the id token's account, or registers it (autoRegister,
 * smart-account variant only) with a unique invite code, counting the invite once. Answers the customer and
 * whether it was created now.
 */
export async function loginWithIdToken(
  db: Database,
  identity: IdentityService,
  input: LoginInput,
): Promise<{ customer: Customer; created: boolean; signIn: SignedInAccount }> {
  const signIn = await requireIdTokenFor(identity, input.idToken, input.publicKey);
  const address = signIn.address.toLowerCase();
  const isWeb3auth = input.walletType === WEB3AUTH_WALLET_TYPE;
  const keyColumn = isWeb3auth ? customers.web3authAddress : customers.ospAaAddress;
  const [existing] = await db.select().from(customers).where(eq(keyColumn, address)).limit(1);
  if (existing) return { customer: existing, created: false, signIn };
  if (!input.autoRegister || isWeb3auth) {
    throw new AppError(404, 'CUSTOMER_NOT_FOUND', 'customer.not.found', 'No customer has this account');
  }

  for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt += 1) {
    const outcome = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(customers)
        .values({ ospAaAddress: address, inviteCode: generateInviteCode() })
        .onConflictDoNothing()
        .returning();
      if (!created) return null;
      // Another customer holding the address (e.g. as a linked wallet) refuses the registration, customer included.
      await insertOwnAddress(tx, {
        customerId: created.id,
        platform: input.platform,
        walletType: input.walletType,
        address,
      });
      await recordInvitation(tx, created, input.inviteCode, input.sourceType);
      return created;
    });
    if (outcome) return { customer: outcome, created: true, signIn };
    // Either a parallel login registered this account first, or the random invite code was taken: look again.
    const [raced] = await db.select().from(customers).where(eq(customers.ospAaAddress, address)).limit(1);
    if (raced) return { customer: raced, created: false, signIn };
  }
  throw new Error('could not find a free invite code');
}

/**
 * `POST /customer/bind` (spec 7): gives the session's customer (an old user) the smart account of the id token as
 * its osp_aa, which completes the migration (the customer is no longer old type). Answers the id token's sign-in,
 * whose session the caller records for the customer (so that logout can end it).
 */
export async function bindSmartAccount(
  db: Database,
  identity: IdentityService,
  customer: Customer,
  input: { idToken: string; publicKey: string; platform: string; walletType: string },
  now: Date,
): Promise<SignedInAccount> {
  const signIn = await requireIdTokenFor(identity, input.idToken, input.publicKey);
  const address = signIn.address.toLowerCase();
  if (customer.ospAaAddress === address) return signIn;
  if (customer.ospAaAddress) {
    throw new AppError(
      409,
      'ALREADY_BOUND',
      'customer.already.binded',
      'This customer already has a smart account',
    );
  }
  const [holder] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.ospAaAddress, address))
    .limit(1);
  const [addressHolder] = await db
    .select({ customerId: customerAddresses.customerId })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.chainType, 'EVM'), eq(customerAddresses.address, address)))
    .limit(1);
  if ((holder && holder.id !== customer.id) || (addressHolder && addressHolder.customerId !== customer.id)) {
    throw publicKeyAlreadyBound();
  }
  // A sign-in that logout ended (or another customer's) binds nothing.
  if (!(await isSessionUsable(db, signIn.sessionId, now, customer.id))) throw sessionEnded();
  // The checks above answer the common case early; the transaction below decides (a concurrent bind or wallet link
  // may have taken the address since): the osp_aa and the address row are written together or not at all.
  try {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(customers)
        .set({ ospAaAddress: address, isOldType: false })
        .where(and(eq(customers.id, customer.id), isNull(customers.ospAaAddress)))
        .returning({ id: customers.id });
      if (updated.length === 0) {
        throw new AppError(
          409,
          'ALREADY_BOUND',
          'customer.already.binded',
          'This customer already has a smart account',
        );
      }
      await insertOwnAddress(tx, {
        customerId: customer.id,
        platform: input.platform,
        walletType: input.walletType,
        address,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw publicKeyAlreadyBound();
    throw error;
  }
  return signIn;
}

/**
 * `GET /customer/sign`: the API's signature over the customer id for the Telegram bind start value. HMAC-SHA256
 * with a key derived from the session secret, truncated to 128 bits and base64url encoded (22 characters), so
 * `<id without dashes>_<sign>` fits Telegram's 64-character start parameter.
 */
export function signCustomerId(sessionSecret: Uint8Array, customerId: string): string {
  const key = createHmac('sha256', sessionSecret).update('ojo:telegram-start').digest();
  return createHmac('sha256', key).update(customerId).digest().subarray(0, 16).toString('base64url');
}
