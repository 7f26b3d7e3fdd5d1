import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearReferralSelection,
  getLoginReferralFields,
  getReferralSelection,
  resetReferralSelectionCache,
  selectReferral,
  useReferralSelection,
} from './referral-selection';

beforeEach(() => {
  clearReferralSelection();
  window.sessionStorage.clear();
  resetReferralSelectionCache();
});

describe('invite selection', () => {
  it('starts empty: no code, source type web', () => {
    expect(getReferralSelection()).toEqual({ referralCode: null, sourceType: 'web' });
    expect(getLoginReferralFields()).toEqual({ referralCode: '', sourceType: 'web' });
  });

  it('keeps a selected code with a known source type', () => {
    selectReferral('AB12CD', 'DOJO_DASH');
    expect(getReferralSelection()).toEqual({ referralCode: 'AB12CD', sourceType: 'DOJO_DASH' });
    expect(getLoginReferralFields('ZZZZZZ')).toEqual({ referralCode: 'AB12CD', sourceType: 'DOJO_DASH' });
  });

  it('falls back to web for an unknown or missing source type', () => {
    selectReferral('AB12CD', 'telegram');
    expect(getReferralSelection().sourceType).toBe('web');
    selectReferral('AB12CD');
    expect(getReferralSelection().sourceType).toBe('web');
  });

  it('sends the default code when none is selected', () => {
    expect(getLoginReferralFields('DEF123')).toEqual({ referralCode: 'DEF123', sourceType: 'web' });
  });

  it('survives a reload through session storage and is gone once cleared', () => {
    selectReferral('AB12CD', 'web');
    resetReferralSelectionCache();
    expect(getReferralSelection().referralCode).toBe('AB12CD');
    clearReferralSelection();
    resetReferralSelectionCache();
    expect(getReferralSelection().referralCode).toBeNull();
  });

  it('re-renders subscribers when the selection changes', () => {
    const { result } = renderHook(() => useReferralSelection());
    expect(result.current.referralCode).toBeNull();
    act(() => selectReferral('XYZ789', 'web'));
    expect(result.current).toEqual({ referralCode: 'XYZ789', sourceType: 'web' });
  });
});
