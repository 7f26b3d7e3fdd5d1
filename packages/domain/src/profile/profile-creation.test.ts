import { describe, expect, it } from 'vitest';
import { profileCreationFailure } from './profile-creation';

describe("product.md 4 Profile creation: 'Any failure other than a taken handle sets the retry state.'", () => {
  it('keeps the form with the HANDLE_TAKEN text for a taken handle', () => {
    expect(profileCreationFailure('HANDLE_TAKEN')).toEqual({
      view: 'form',
      error: 'HANDLE_TAKEN, This handle name is not available. Please try another.',
    });
  });
  it('says why for a daily limit: the server message, or the catalogue text', () => {
    expect(profileCreationFailure('PROFILE_CLIENT_DAILY_LIMIT', 'Too many from here')).toEqual({
      view: 'failed',
      reason: 'Too many from here',
    });
    expect(profileCreationFailure('PROFILE_DAILY_LIMIT')).toEqual({
      view: 'failed',
      reason: 'Too many profiles were created today. Please try again tomorrow.',
    });
  });
  it('goes to the failed (retry) view otherwise', () => {
    expect(profileCreationFailure('500')).toEqual({ view: 'failed' });
    expect(profileCreationFailure(undefined)).toEqual({ view: 'failed' });
  });
});
