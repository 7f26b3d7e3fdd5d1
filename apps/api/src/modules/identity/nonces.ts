import { randomBytes } from 'node:crypto';
import type { Database } from '@ojo/db/client';
import { authNonces } from '@ojo/db/schema/auth-nonces';
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from '@ojo/db/sql';

/** Nonces live 10 minutes. */
export const NONCE_TTL_MS = 10 * 60 * 1000;

export const NONCE_PURPOSE = {
  /** Sign-In with Ethereum; the address is unknown until the signed message arrives. */
  siwe: 'siwe',
  /** `GET /customer/oauth/nonce`: a wallet signature for a known public key. */
  walletSignature: 'wallet-signature',
  /** The console's sign-in (docs/console.md): SIWE for the console's origin; the address is unknown too. */
  operatorSiwe: 'operator-siwe',
} as const;
export type NoncePurpose = (typeof NONCE_PURPOSE)[keyof typeof NONCE_PURPOSE];

/** Stored `public_key` of a nonce issued before the signer is known (SIWE). */
const UNKNOWN_PUBLIC_KEY = '';

/**
 * Deletes the nonces nobody can use any more: consumed or expired. Either state already makes `consumeNonce` refuse
 * them, so deleting changes no answer; it keeps the table as small as the nonces still open.
 */
export async function pruneNonces(db: Database): Promise<void> {
  await db
    .delete(authNonces)
    .where(or(isNotNull(authNonces.consumedAt), lte(authNonces.expiresAt, sql`now()`)));
}

/**
 * Stores and returns a fresh 128-bit nonce (32 hex characters: alphanumeric, as EIP-4361 requires). Each issue first
 * prunes dead nonces, so the unauthenticated nonce calls cannot grow the table beyond what the rate limit lets
 * clients open within one nonce lifetime.
 */
export async function createNonce(
  db: Database,
  options: { purpose: NoncePurpose; publicKey?: string; ttlMs?: number },
): Promise<string> {
  await pruneNonces(db);
  const nonce = randomBytes(16).toString('hex');
  await db.insert(authNonces).values({
    nonce,
    purpose: options.purpose,
    publicKey: options.publicKey?.toLowerCase() ?? UNKNOWN_PUBLIC_KEY,
    expiresAt: new Date(Date.now() + (options.ttlMs ?? NONCE_TTL_MS)),
  });
  return nonce;
}

/** True when the nonce exists for this purpose, is not consumed and not expired (a read; it consumes nothing). */
export async function isNonceUsable(db: Database, nonce: string, purpose: NoncePurpose): Promise<boolean> {
  const [row] = await db
    .select({ nonce: authNonces.nonce })
    .from(authNonces)
    .where(
      and(
        eq(authNonces.nonce, nonce),
        eq(authNonces.purpose, purpose),
        isNull(authNonces.consumedAt),
        gt(authNonces.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Consumes a nonce in one conditional update, so two requests racing with the same nonce cannot both win. For a
 * nonce issued to a public key, `publicKey` must match; a SIWE nonce records the signer that consumed it.
 * Returns false when the nonce is unknown, consumed, expired or someone else's.
 */
export async function consumeNonce(
  db: Database,
  options: { nonce: string; purpose: NoncePurpose; publicKey: string },
): Promise<boolean> {
  const publicKey = options.publicKey.toLowerCase();
  const ownerMatches =
    options.purpose === NONCE_PURPOSE.siwe || options.purpose === NONCE_PURPOSE.operatorSiwe
      ? eq(authNonces.publicKey, UNKNOWN_PUBLIC_KEY)
      : eq(authNonces.publicKey, publicKey);
  const consumed = await db
    .update(authNonces)
    .set({ consumedAt: sql`now()`, publicKey })
    .where(
      and(
        eq(authNonces.nonce, options.nonce),
        eq(authNonces.purpose, options.purpose),
        ownerMatches,
        isNull(authNonces.consumedAt),
        gt(authNonces.expiresAt, sql`now()`),
      ),
    )
    .returning({ nonce: authNonces.nonce });
  return consumed.length === 1;
}
