import { randomInt } from 'node:crypto';
import type { InviteInfo } from '@ojo/api-contract/invite';
import type { Database, Transaction } from '@ojo/db/client';
import { type Customer, customers } from '@ojo/db/schema/customers';
import { invitations } from '@ojo/db/schema/invitations';
import { count, eq } from '@ojo/db/sql';
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
 * Counts at most once per invitee (unique invitee), never for self-referral, and ignores unknown codes. Returns
 * whether a referral was recorded.
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

/** Invite info of spec 3 for a customer: own code, the code they joined with, invited players per source type. */
export async function getInviteInfo(db: Database, customer: Customer): Promise<InviteInfo> {
  const rows = await db
    .select({ sourceType: invitations.sourceType, count: count() })
    .from(invitations)
    .where(eq(invitations.inviterId, customer.id))
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
