import type { ProfileRegistration } from '@ojo/api-contract/profile';
import { describe, expect, it } from 'vitest';
import { ProfileCreationError, waitForProfile } from './wait-for-profile';

const creating: ProfileRegistration = {
  profile_id: null,
  handle: 'racer',
  status: 'creating',
  failure_code: null,
};
const created: ProfileRegistration = {
  profile_id: '7',
  handle: 'racer',
  status: 'created',
  failure_code: null,
};
const failed = (code: string): ProfileRegistration => ({ ...creating, status: 'failed', failure_code: code });

/** GET /profile answering `answers` in turn; counts the calls. */
function server(...answers: (ProfileRegistration | null)[]) {
  const calls = { n: 0 };
  return {
    calls,
    getProfile: async () => answers[Math.min(calls.n++, answers.length - 1)] ?? null,
    sleep: async () => {},
  };
}

describe('waitForProfile (product.md 4: creating, then done or failed)', () => {
  it('polls while the profile is creating and answers it once created', async () => {
    const fake = server(creating, creating, created);
    expect(await waitForProfile(creating, fake)).toEqual(created);
    expect(fake.calls.n).toBe(3);
  });

  it('answers at once when the server already created it', async () => {
    const fake = server();
    expect(await waitForProfile(created, fake)).toEqual(created);
    expect(fake.calls.n).toBe(0);
  });

  it('rejects with the recorded code when the creation failed (HANDLE_TAKEN goes back to the form)', async () => {
    const error = await waitForProfile(creating, server(creating, failed('HANDLE_TAKEN'))).catch((e) => e);
    expect(error).toBeInstanceOf(ProfileCreationError);
    expect(error.code).toBe('HANDLE_TAKEN');
  });

  it('gives up after its polls, so the page can offer Retry', async () => {
    const fake = server(creating);
    const error = await waitForProfile(creating, { ...fake, maxPolls: 3 }).catch((e) => e);
    expect(error.code).toBe('PROFILE_STILL_CREATING');
    expect(fake.calls.n).toBe(3);
  });

  it('rejects when the profile vanished', async () => {
    expect((await waitForProfile(creating, server(null)).catch((e) => e)).code).toBe('PROFILE_MISSING');
  });
});
