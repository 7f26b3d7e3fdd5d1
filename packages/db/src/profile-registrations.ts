import { and, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Transaction } from './client';
import { enqueueJob } from './jobs';
import { type ProfileRegistration, profileRegistrations } from './schema/profile-registrations';
import { users } from './schema/users';

/** The job kind that writes a registration on chain (its handler: apps/api/src/modules/profile). */
export const PROFILE_REGISTER_JOB = 'profile.register';

/** The payload of a profile.register job. */
export interface ProfileRegisterPayload {
  registrationId: string;
  /** Who asked (request.ip): registrations are limited per client address per day. */
  clientAddress?: string | undefined;
}

/** The idempotency key of the job of one attempt of a registration. */
export const profileRegisterJobKey = (registration: Pick<ProfileRegistration, 'id' | 'attempt'>) =>
  `${PROFILE_REGISTER_JOB}:${registration.id}:${registration.attempt}`;

export type ReserveOutcome =
  | { outcome: 'reserved'; registration: ProfileRegistration }
  /** The user's registration is already under way or done: nothing changed. */
  | { outcome: 'existing'; registration: ProfileRegistration }
  /** Another user holds the handle (reserved, created, or in `users` from before registrations). */
  | { outcome: 'handle-taken' };

/**
 * Reserves `handle` for the user and enqueues the job that registers it on chain, in the caller's transaction
 * (product.md 2 Create profile): the database decides first, the chain follows. A failed registration is retried with
 * the (possibly new) handle as the next attempt. The caller checked the handle rule, the reserved list, the
 * user's account and the budget.
 */
export async function reserveProfileRegistration(
  tx: Transaction,
  request: { userId: string; handle: string; ownerAddress: string; clientAddress?: string | undefined },
): Promise<ReserveOutcome> {
  // One reservation per user and per handle at a time (always in this order: no deadlock), so the checks
  // below and the write cannot interleave with another request's.
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`profile-user:${request.userId}`}))`);
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`profile-handle:${request.handle}`}))`);
  const [current] = await tx
    .select()
    .from(profileRegistrations)
    .where(eq(profileRegistrations.userId, request.userId));
  if (current && current.status !== 'failed') return { outcome: 'existing', registration: current };

  const [holder] = await tx
    .select({ userId: profileRegistrations.userId })
    .from(profileRegistrations)
    .where(
      and(eq(profileRegistrations.handle, request.handle), ne(profileRegistrations.userId, request.userId)),
    );
  const [legacyHolder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.handle, request.handle), ne(users.id, request.userId)));
  if (holder || legacyHolder) return { outcome: 'handle-taken' };

  const owner = request.ownerAddress.toLowerCase();
  const [registration] = current
    ? await tx
        .update(profileRegistrations)
        .set({
          handle: request.handle,
          ownerAddress: owner,
          status: 'pending',
          failureCode: null,
          attempt: sql`${profileRegistrations.attempt} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(profileRegistrations.id, current.id))
        .returning()
    : await tx
        .insert(profileRegistrations)
        .values({ userId: request.userId, handle: request.handle, ownerAddress: owner })
        .returning();
  if (!registration) throw new Error('profile registration was not written');
  const payload: ProfileRegisterPayload = {
    registrationId: registration.id,
    ...(request.clientAddress ? { clientAddress: request.clientAddress } : {}),
  };
  await enqueueJob(tx, { kind: PROFILE_REGISTER_JOB, key: profileRegisterJobKey(registration), payload });
  return { outcome: 'reserved', registration };
}
