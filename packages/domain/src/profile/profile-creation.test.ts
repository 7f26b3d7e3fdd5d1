import { describe, expect, it } from 'vitest';
import { profileCreationFailure } from './profile-creation';

describe("spec 4 Profile creation: 'Any failure other than a taken handle sets the retry state.'", () => {
  it('keeps the form with the HANDLE_TAKEN text for a taken handle', () => {
    expect(profileCreationFailure('HANDLE_TAKEN')).toEqual({
      view: 'form',
      error: 'HANDLE_TAKEN, This handle name is not available. Please try another.',
    });
  });
  it('goes to the failed (retry) view otherwise', () => {
    expect(profileCreationFailure('500')).toEqual({ view: 'failed' });
    expect(profileCreationFailure(undefined)).toEqual({ view: 'failed' });
  });
});
