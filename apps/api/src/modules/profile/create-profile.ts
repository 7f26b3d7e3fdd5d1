import type { ProfileRegistration } from '@ojo/api-contract/profile';
import type { Database } from '@ojo/db/client';
import { reserveProfileRegistration } from '@ojo/db/profile-registrations';
import { profileRegistrations } from '@ojo/db/schema/profile-registrations';
import type { User } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { checkHandleAvailable, validateHandle } from '@ojo/domain/profile/handle';
import type { ChainService } from '../chain/chain-service';
import type { ProfileBudgetConfig } from './config';
import { profileErrors } from './errors';
import { toProfileRegistration } from './get-profile';
import { checkProfileBudget } from './profile-budget';

export interface CreateProfileSettings {
  reservedHandles: readonly string[];
  budget: ProfileBudgetConfig;
}

/**
 * `POST /profile` (product.md 2 Create profile, product.md 5 Profile handle): checks the handle rule (400, exact text), the
 * reserved list (409), that the user has a smart account (403) and no profile (409 PROFILE_EXISTS), and the
 * daily budget per client address and for everybody (429); then reserves the handle in the database (HANDLE_TAKEN when another player holds it)
 * and enqueues the job that registers it on chain, in one transaction. Answers `creating` at once; asking again
 * while it is under way answers the same registration. Nothing reaches the chain before the database said yes.
 */
export async function createProfile(
  db: Database,
  chain: ChainService,
  settings: CreateProfileSettings,
  user: User,
  handle: string,
  clientAddress: string | null,
): Promise<ProfileRegistration> {
  const invalid = validateHandle(handle);
  if (invalid) throw profileErrors.handleInvalid(invalid);
  if (checkHandleAvailable(handle, settings.reservedHandles)) throw profileErrors.handleReserved();
  if (!user.smartAccountAddress) throw profileErrors.smartAccountRequired();
  if (user.profileId) throw profileErrors.profileExists();
  // 503 now rather than a job that cannot run: the registry is not deployed on this chain.
  chain.contractAddress('ProfileRegistry');

  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(profileRegistrations)
      .where(eq(profileRegistrations.userId, user.id));
    if (current?.status === 'created') throw profileErrors.profileExists();
    if (current?.status === 'pending') return toProfileRegistration(current);
    await checkProfileBudget(tx, settings.budget, clientAddress);
    const reserved = await reserveProfileRegistration(tx, {
      userId: user.id,
      handle,
      ownerAddress: user.smartAccountAddress as string,
      clientAddress: clientAddress ?? undefined,
    });
    if (reserved.outcome === 'handle-taken') throw profileErrors.handleTaken();
    if (reserved.outcome === 'existing' && reserved.registration.status === 'created') {
      throw profileErrors.profileExists();
    }
    return toProfileRegistration(reserved.registration);
  });
}
