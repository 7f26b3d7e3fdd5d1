import type { Profile, ProfileRegistration } from '@ojo/api-contract/profile';
import { profileRegistryAbi } from '@ojo/contracts/generated/abis';
import type { Database } from '@ojo/db/client';
import {
  profileRegistrations,
  type ProfileRegistration as RegistrationRow,
} from '@ojo/db/schema/profile-registrations';
import type { User } from '@ojo/db/schema/users';
import { eq } from '@ojo/db/sql';
import { validateHandle } from '@ojo/domain/profile/handle';
import { type Address, getAddress } from 'viem';
import type { ChainService } from '../chain/chain-service';

const STATUS = { pending: 'creating', created: 'created', failed: 'failed' } as const;

/** A registration row as `GET /profile` and `POST /profile` answer it. */
export function toProfileRegistration(row: RegistrationRow): ProfileRegistration {
  return {
    profile_id: row.profileId,
    handle: row.handle,
    status: STATUS[row.status],
    failure_code: row.status === 'failed' ? row.failureCode : null,
  };
}

/**
 * `GET /profile`: the session user's profile and where its creation stands, null when none was asked for. A
 * profile stored before registrations existed is answered as created.
 */
export async function getProfile(db: Database, user: User): Promise<ProfileRegistration | null> {
  const [row] = await db.select().from(profileRegistrations).where(eq(profileRegistrations.userId, user.id));
  if (row) return toProfileRegistration(row);
  return user.handle && user.profileId
    ? { profile_id: user.profileId, handle: user.handle, status: 'created', failure_code: null }
    : null;
}

/** `GET /profile/handle/:handle`: the on-chain profile holding `handle`, or null when it is free (or invalid). */
export async function findProfileByHandle(
  chain: ChainService,
  handle: string,
): Promise<(Profile & { owner: Address }) | null> {
  if (validateHandle(handle) !== null) return null;
  const registry = chain.contractAddress('ProfileRegistry');
  const profileId = await chain.publicClient.readContract({
    address: registry,
    abi: profileRegistryAbi,
    functionName: 'profileIdOfHandle',
    args: [handle],
  });
  if (profileId === 0n) return null;
  const owner = await chain.publicClient.readContract({
    address: registry,
    abi: profileRegistryAbi,
    functionName: 'ownerOfProfile',
    args: [profileId],
  });
  return { profile_id: profileId.toString(), handle, owner: getAddress(owner) };
}
