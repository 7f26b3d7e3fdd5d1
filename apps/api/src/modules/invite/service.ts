import { randomInt } from 'node:crypto';
import type { InviteInfo } from '@ojo/api-contract/invite';
import type { Database, Transaction } from '@ojo/db/client';
import { type Customer, customers } from '@ojo/db/schema/customers';
import { invitations } from '@ojo/db/schema/invitations';
import { and, count, eq, isNotNull, isNull, sql } from '@ojo/db/sql';
import { normalizeSourceType } from '@ojo/domain/enums';
import { isValidReferralCode } from '@ojo/domain/referral/referral-code';

const INVITE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const INVITE_CODE_LENGTH = 6;

/** A random invite code of 6 characters from [A-Z0-9] (uniqueness is the database's job: retry on conflict). */
export function generateInviteCode(): string {
  let code = '';
  for (let index = 0; index < INVITE_CODE_LENGTH; index += 1) {
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * The customer owning an invite code, or null (also for malformed codes). Codes are generated upper-case; a code
 * typed in lower case still matches.
 */
export async function findInviter(db: Database | Transaction, inviteCode: string): Promise<Customer | null> {
  if (!isValidReferralCode(inviteCode)) return null;
  const candidates = [...new Set([inviteCode, inviteCode.toUpperCase()])];
  for (const code of candidates) {
    const [customer] = await db.select().from(customers).where(eq(customers.inviteCode, code)).limit(1);
    if (customer) return customer;
  }
  return null;
}

/**
 * Records that `invitee` registered with `inviteCode` from `sourceType` (spec 5: unknown source types count as web).
 * At most once per invitee (unique invitee), never for self-referral, and ignores unknown codes. Returns whether an
 * invitation was recorded. It counts for the inviter only once the invitee is a full user
 * (`countReferralOfFullUser`): registering alone costs nothing, so it would be farmed.
 */
export async function recordInvitation(
  db: Database | Transaction,
  invitee: Customer,
  inviteCode: string | undefined,
  sourceType: unknown,
): Promise<boolean> {
  if (!inviteCode) return false;
  const inviter = await findInviter(db, inviteCode);
  if (!inviter || inviter.id === invitee.id) return false;
  const inserted = await db
    .insert(invitations)
    .values({
      inviterId: inviter.id,
      inviteeId: invitee.id,
      inviteCode: inviter.inviteCode,
      sourceType: normalizeSourceType(sourceType),
    })
    .onConflictDoNothing()
    .returning({ id: invitations.id });
  return inserted.length === 1;
}

/**
 * Counts the referral of a customer who has just become a full user (profile created): their invitation, if any,
 * now counts in the inviter's REFERRED. Call it in the transaction that stores the profile. Idempotent: a second
 * call (a retried job, a profile adopted from the chain) changes nothing. Returns whether a referral was counted now.
 */
export async function countReferralOfFullUser(
  tx: Database | Transaction,
  inviteeId: string,
): Promise<boolean> {
  const counted = await tx
    .update(invitations)
    .set({ countedAt: sql`now()` })
    .where(and(eq(invitations.inviteeId, inviteeId), isNull(invitations.countedAt)))
    .returning({ id: invitations.id });
  return counted.length === 1;
}

/**
 * Invite info of spec 3 for a customer: own code, the code they joined with, and the invited players who became
 * full users, per source type.
 */
export async function getInviteInfo(db: Database, customer: Customer): Promise<InviteInfo> {
  const rows = await db
    .select({ sourceType: invitations.sourceType, count: count() })
    .from(invitations)
    .where(and(eq(invitations.inviterId, customer.id), isNotNull(invitations.countedAt)))
    .groupBy(invitations.sourceType);
  const [joinedWith] = await db
    .select({ inviteCode: invitations.inviteCode })
    .from(invitations)
    .where(eq(invitations.inviteeId, customer.id))
    .limit(1);
  const invitedMap: InviteInfo['invitedMap'] = {};
  for (const row of rows) invitedMap[row.sourceType] = { count: Number(row.count) };
  return {
    inviteCode: customer.inviteCode,
    selectedInviteCode: joinedWith?.inviteCode ?? null,
    defaultInviteCode: joinedWith?.inviteCode ?? null,
    invitedMap,
  };
}
