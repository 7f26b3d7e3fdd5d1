import type { ProfileRegistration } from '@ojo/api-contract/profile';

/** A failed creation, with the code the server recorded (HANDLE_TAKEN goes back to the form, product.md 4). */
export class ProfileCreationError extends Error {
  override readonly name = 'ProfileCreationError';
  constructor(readonly code: string) {
    super(`The profile was not created (${code})`);
  }
}

export interface WaitForProfileOptions {
  /** Reads the profile again (GET /profile). */
  getProfile(): Promise<ProfileRegistration | null>;
  intervalMs?: number;
  /** Polls before giving up (then 'Transaction Failed' with Retry, which picks the same creation up again). */
  maxPolls?: number;
  sleep?(ms: number): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * product.md 4 Profile creation: the creation runs on the server as a durable job, so the page polls the profile from
 * `first` (what POST /profile answered) until it is created, or rejects with a ProfileCreationError when it failed
 * or is still not done after `maxPolls` (3 minutes by default).
 */
export async function waitForProfile(
  first: ProfileRegistration,
  { getProfile, intervalMs = 1000, maxPolls = 180, sleep = wait }: WaitForProfileOptions,
): Promise<ProfileRegistration> {
  let current: ProfileRegistration | null = first;
  for (let poll = 0; current?.status === 'creating'; poll += 1) {
    if (poll >= maxPolls) throw new ProfileCreationError('PROFILE_STILL_CREATING');
    await sleep(intervalMs);
    current = await getProfile();
  }
  if (current?.status === 'created') return current;
  throw new ProfileCreationError(current?.failure_code ?? 'PROFILE_MISSING');
}
