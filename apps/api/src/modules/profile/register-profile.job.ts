import { profileRegistryAbi } from '@ojo/contracts/generated/abis';
import { findChainTransaction } from '@ojo/db/chain-transactions';
import type { Database, Transaction } from '@ojo/db/client';
import { PROFILE_REGISTER_JOB } from '@ojo/db/profile-registrations';
import { type ProfileRegistration, profileRegistrations } from '@ojo/db/schema/profile-registrations';
import { users } from '@ojo/db/schema/users';
import { and, eq, sql } from '@ojo/db/sql';
import { checkHandleAvailable, validateHandle } from '@ojo/domain/profile/handle';
import { type Address, BaseError, ContractFunctionRevertedError, encodeFunctionData, getAddress } from 'viem';
import { z } from 'zod';
import { defineJob, type JobDependencies } from '../../jobs/define-job';
import { failureCodeOf, PermanentJobError } from '../../jobs/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { REGISTRATION_FAILURE } from './errors';

type Registry = { address: Address; deps: JobDependencies };

const read = <const F extends 'profileOf' | 'profileIdOfHandle' | 'handleOf'>(
  { address, deps }: Registry,
  functionName: F,
  arg: F extends 'profileOf' ? Address : F extends 'profileIdOfHandle' ? string : bigint,
) =>
  deps.chain.publicClient.readContract({
    address,
    abi: profileRegistryAbi,
    functionName,
    args: [arg],
  } as never) as Promise<F extends 'handleOf' ? string : bigint>;

function revertName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined;
}

/**
 * The registration is on chain: in one transaction, mark it created and give the user its handle and profile
 * id (what GET /customer and GET /profile show). A profile alone counts no referral: a referral waits for the
 * referee's real activity (modules/rewards).
 */
async function saveCreated(
  db: Database,
  registration: ProfileRegistration,
  handle: string,
  profileId: bigint,
) {
  try {
    await db.transaction(async (tx) => {
      const [saved] = await tx
        .update(profileRegistrations)
        .set({
          status: 'created',
          handle,
          profileId: profileId.toString(),
          failureCode: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(profileRegistrations.id, registration.id), eq(profileRegistrations.status, 'pending')))
        .returning({ id: profileRegistrations.id });
      if (!saved) return; // saved by an earlier run of this job
      await tx
        .update(users)
        .set({ handle, profileId: profileId.toString() })
        .where(eq(users.id, registration.userId));
    });
  } catch (error) {
    // The chain gave the account a handle another user holds here (a database restored without the chain's
    // history): say so rather than retry for ever.
    if (isUniqueViolation(error)) {
      throw new PermanentJobError(REGISTRATION_FAILURE.handleTaken, `${handle} is held by another user`);
    }
    throw error;
  }
}

/**
 * The account already has a profile on chain (this job's own transaction mined before a crash, or a database that
 * lost its rows): keep the database in line with the chain when its handle passes the rule and the reserved list.
 */
async function adoptOnChainProfile(registry: Registry, registration: ProfileRegistration, profileId: bigint) {
  const handle = await read(registry, 'handleOf', profileId);
  if (handle !== registration.handle) {
    if (
      validateHandle(handle) !== null ||
      checkHandleAvailable(handle, registry.deps.config.reservedHandles)
    ) {
      throw new PermanentJobError(
        REGISTRATION_FAILURE.handleReserved,
        `the account holds ${handle} on chain`,
      );
    }
  }
  await saveCreated(registry.deps.db, registration, handle, profileId);
  return { profileId: profileId.toString(), handle, adopted: handle !== registration.handle };
}

/** Before spending a nonce: the handle is free on chain and the registry would accept the call. */
async function checkRegistrable(registry: Registry, args: readonly [Address, string]) {
  const taken = () => new PermanentJobError(REGISTRATION_FAILURE.handleTaken, `${args[1]} is taken on chain`);
  if ((await read(registry, 'profileIdOfHandle', args[1])) !== 0n) throw taken();
  try {
    await registry.deps.chain.publicClient.simulateContract({
      account: registry.deps.chain.signer,
      address: registry.address,
      abi: profileRegistryAbi,
      functionName: 'createProfileFor',
      args,
    });
  } catch (error) {
    if (revertName(error) === 'HandleTaken') throw taken();
    throw error; // NotRegistrar (a key not yet allowed), an unreachable node, ...: try again later
  }
}

/**
 * Registers a reserved handle on chain with the API's registrar key (ProfileRegistry.createProfileFor), then
 * records it. Safe to run again from the start: it reads the registration and the chain first, and the chain
 * write is keyed by this job, so a run resumed after a crash sends the same transaction or finds its receipt.
 */
export const registerProfileJob = defineJob({
  kind: PROFILE_REGISTER_JOB,
  payload: z.object({ registrationId: z.uuid() }),
  maxAttempts: 12,
  backoff: { baseMs: 1000, maxMs: 60_000 },
  async handle({ payload, job, deps, signal }) {
    const [registration] = await deps.db
      .select()
      .from(profileRegistrations)
      .where(eq(profileRegistrations.id, payload.registrationId));
    if (registration?.status !== 'pending') return { skipped: registration?.status ?? 'missing' };

    const registry: Registry = { address: deps.chain.contractAddress('ProfileRegistry'), deps };
    const owner = getAddress(registration.ownerAddress);
    const args = [owner, registration.handle] as const;
    const write = {
      key: `${job.key}:createProfileFor`,
      jobId: job.id,
      to: registry.address,
      data: encodeFunctionData({ abi: profileRegistryAbi, functionName: 'createProfileFor', args }),
    };
    // A run resumed after a crash finishes its own transaction first (and records its receipt and cost).
    if (!(await findChainTransaction(deps.db, write.key))) {
      const existing = await read(registry, 'profileOf', owner);
      if (existing !== 0n) return adoptOnChainProfile(registry, registration, existing);
      await checkRegistrable(registry, args);
    }

    const mined = await deps.chainWriter.write(write, { signal });
    const profileId = await read(registry, 'profileOf', owner);
    if (mined.reverted && profileId === 0n) {
      const taken = (await read(registry, 'profileIdOfHandle', registration.handle)) !== 0n;
      throw new PermanentJobError(
        taken ? REGISTRATION_FAILURE.handleTaken : REGISTRATION_FAILURE.transactionFailed,
        `createProfileFor reverted in ${mined.hash}`,
      );
    }
    if (profileId === 0n) throw new Error(`no profile for ${owner} after ${mined.hash}`);
    if (mined.reverted) return adoptOnChainProfile(registry, registration, profileId);
    await saveCreated(deps.db, registration, registration.handle, profileId);
    return {
      profileId: profileId.toString(),
      handle: registration.handle,
      hash: mined.hash,
      ranBy: job.lockedBy,
    };
  },
  async onFailed(tx: Transaction, payload, error) {
    await tx
      .update(profileRegistrations)
      .set({ status: 'failed', failureCode: failureCodeOf(error), updatedAt: sql`now()` })
      .where(
        and(eq(profileRegistrations.id, payload.registrationId), eq(profileRegistrations.status, 'pending')),
      );
  },
});
