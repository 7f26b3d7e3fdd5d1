import { randomInt } from 'node:crypto';
import type { Database } from '@ojo/db/client';
import { oldLoginLocks } from '@ojo/db/schema/old-login-locks';
import { type User, users } from '@ojo/db/schema/users';
import { and, eq } from '@ojo/db/sql';
import type { LoginProvider } from '@ojo/domain/enums';
import { keccak256, slice, toBytes } from 'viem';
import { oauthErrors } from './errors';

const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_CODE_ATTEMPTS = 8;

/**
 * The web3auth address of an old identity: the last 20 bytes of keccak256("web3auth:<provider>:<subject>"),
 * lower-case. The old system derived a key per (verifier, verifierId) through web3auth; we hold no such key, so a
 * deterministic hash stands in: the same identity always maps to the same address, different identities to
 * different ones, and nobody holds its private key (the migration binds a smart account instead; nothing signs with
 * it). Uses the hash (not the key derivation) of Ethereum addresses, so it looks and checks like one.
 */
export function web3authAddressFor(provider: LoginProvider, subject: string): string {
  return slice(keccak256(toBytes(`web3auth:${provider}:${subject}`)), 12).toLowerCase();
}

function randomReferralCode(): string {
  let code = '';
  for (let index = 0; index < 6; index += 1)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

async function findOldUser(db: Database, provider: LoginProvider, subject: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.loginProvider, provider), eq(users.loginSubject, subject)))
    .limit(1);
  return user ?? null;
}

/**
 * The old-type user of a social identity. Unknown identities are created when `autoCreate` is on (the local
 * provider stands in for the old system's whole user base, so anyone signing in there is an old user); otherwise
 * they are refused, because a real provider's new identity is not an account of the old system.
 */
export async function findOrCreateOldUser(
  db: Database,
  provider: LoginProvider,
  subject: string,
  options: { autoCreate: boolean },
): Promise<User> {
  const existing = await findOldUser(db, provider, subject);
  if (existing) return existing;
  if (!options.autoCreate) {
    throw oauthErrors.accountNotFound(provider);
  }
  for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt += 1) {
    // Any unique conflict (the same identity created concurrently, or an referral code collision) inserts nothing.
    const [created] = await db
      .insert(users)
      .values({
        isOldType: true,
        loginProvider: provider,
        loginSubject: subject,
        web3authAddress: web3authAddressFor(provider, subject),
        referralCode: randomReferralCode(),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const concurrent = await findOldUser(db, provider, subject);
    if (concurrent) return concurrent;
  }
  throw new Error('could not allocate an referral code for a new old-type user');
}

/** Refuses a locked old account with cause code 5115, which makes the web open its warning popup (product.md 8). */
export async function assertOldLoginAllowed(db: Database, user: User): Promise<void> {
  const [lock] = await db
    .select({ reason: oldLoginLocks.reason })
    .from(oldLoginLocks)
    .where(eq(oldLoginLocks.userId, user.id))
    .limit(1);
  if (lock) {
    throw oauthErrors.oldLoginLocked();
  }
}
