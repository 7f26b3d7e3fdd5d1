import type { Profile } from '@ojo/api-contract/profile';
import { profileRegistryAbi } from '@ojo/contracts/generated/abis';
import type { Database } from '@ojo/db/client';
import { type Customer, customers } from '@ojo/db/schema/customers';
import { eq } from '@ojo/db/sql';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import { PROFILE_TEXT } from '@ojo/domain/messages';
import { checkHandleAvailable, validateHandle } from '@ojo/domain/profile/handle';
import { type Address, BaseError, ContractFunctionRevertedError, getAddress } from 'viem';
import { AppError } from '../../lib/errors';
import type { ChainService } from '../chain/chain-service';

/** The customer's profile as stored, or null. */
export function storedProfile(customer: Customer): Profile | null {
  return customer.handle && customer.profileId
    ? { profile_id: customer.profileId, handle: customer.handle }
    : null;
}

/** The on-chain profile holding `handle`, or null when it is free (or not a valid handle at all). */
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

const handleTaken = () =>
  new AppError(409, ERROR_CODES.HANDLE_TAKEN, ERROR_CODES.HANDLE_TAKEN, PROFILE_TEXT.handleNotAvailable);
const handleReserved = () =>
  new AppError(409, 'HANDLE_RESERVED', 'profile.handle.reserved', PROFILE_TEXT.handleNotAvailable);
const profileExists = () =>
  new AppError(409, 'PROFILE_EXISTS', 'profile.exists', PROFILE_TEXT.alreadyCreated);

/**
 * `POST /profile` (spec 2 Create profile, spec 5 Profile handle): checks the handle rule (400, exact text), the
 * reserved list (409, 'This handle name is not available. Please try another.'), that the handle is free on chain
 * (HANDLE_TAKEN) and that the customer has a smart account and no profile yet (PROFILE_EXISTS), then sends
 * `createProfileFor(osp_aa, handle)` from the API's registrar key, waits for the receipt and stores the result. A
 * profile the account already has on chain is stored only when its handle passes the same rule and reserved list.
 */
export async function createProfile(
  db: Database,
  chain: ChainService,
  reservedHandles: readonly string[],
  customer: Customer,
  handle: string,
): Promise<Profile> {
  const invalid = validateHandle(handle);
  if (invalid) throw new AppError(400, 'HANDLE_INVALID', 'profile.handle.invalid', invalid);
  if (checkHandleAvailable(handle, reservedHandles)) throw handleReserved();
  if (!customer.ospAaAddress) {
    throw new AppError(
      403,
      'SMART_ACCOUNT_REQUIRED',
      'profile.smart.account.required',
      'Bind a smart account before creating a profile',
    );
  }
  if (storedProfile(customer)) throw profileExists();

  const owner = getAddress(customer.ospAaAddress);
  const registry = chain.contractAddress('ProfileRegistry');

  return serialize(async () => {
    const existingId = await chain.publicClient.readContract({
      address: registry,
      abi: profileRegistryAbi,
      functionName: 'profileOf',
      args: [owner],
    });
    if (existingId !== 0n) {
      // Created earlier (e.g. the answer was lost): keep the database in line with the chain, then say so.
      const existingHandle = await chain.publicClient.readContract({
        address: registry,
        abi: profileRegistryAbi,
        functionName: 'handleOf',
        args: [existingId],
      });
      // The chain takes any handle (an account may call createProfile itself): adopt only one the rules allow.
      if (validateHandle(existingHandle) !== null || checkHandleAvailable(existingHandle, reservedHandles)) {
        throw handleReserved();
      }
      await saveProfile(db, customer.id, { profile_id: existingId.toString(), handle: existingHandle });
      throw profileExists();
    }
    if ((await findProfileByHandle(chain, handle)) !== null) throw handleTaken();

    let hash: `0x${string}`;
    try {
      const { request } = await chain.publicClient.simulateContract({
        account: chain.signer,
        address: registry,
        abi: profileRegistryAbi,
        functionName: 'createProfileFor',
        args: [owner, handle],
      });
      hash = await chain.walletClient.writeContract({ ...request, account: chain.signer, chain: undefined });
    } catch (error) {
      const reason = revertName(error);
      if (reason === 'HandleTaken') throw handleTaken();
      if (reason === 'ProfileAlreadyExists') throw profileExists();
      throw error;
    }
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== 'success') {
      throw new AppError(502, 'TRANSACTION_FAILED', 'profile.transaction.failed', PROFILE_TEXT.failedTitle);
    }
    const profileId = await chain.publicClient.readContract({
      address: registry,
      abi: profileRegistryAbi,
      functionName: 'profileOf',
      args: [owner],
    });
    const profile = { profile_id: profileId.toString(), handle };
    await saveProfile(db, customer.id, profile);
    return profile;
  });
}

let queue: Promise<unknown> = Promise.resolve();
/** One registration at a time from this process (replaced by the durable job queue). */
function serialize<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function saveProfile(db: Database, customerId: string, profile: Profile): Promise<void> {
  await db
    .update(customers)
    .set({ handle: profile.handle, profileId: profile.profile_id })
    .where(eq(customers.id, customerId));
}

function revertName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined;
}
