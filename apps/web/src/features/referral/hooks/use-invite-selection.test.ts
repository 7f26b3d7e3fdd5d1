import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearInviteSelection,
  getInviteSelection,
  getLoginInviteFields,
  resetInviteSelectionCache,
  selectInvite,
  useInviteSelection,
} from './use-invite-selection';

beforeEach(() => {
  clearInviteSelection();
  window.sessionStorage.clear();
  resetInviteSelectionCache();
});

describe('invite selection', () => {
  it('starts empty: no code, source type web', () => {
    expect(getInviteSelection()).toEqual({ inviteCode: null, sourceType: 'web' });
    expect(getLoginInviteFields()).toEqual({ inviteCode: '', sourceType: 'web' });
  });

  it('keeps a selected code with a known source type', () => {
    selectInvite('AB12CD', 'DOJO_DASH');
    expect(getInviteSelection()).toEqual({ inviteCode: 'AB12CD', sourceType: 'DOJO_DASH' });
    expect(getLoginInviteFields('ZZZZZZ')).toEqual({ inviteCode: 'AB12CD', sourceType: 'DOJO_DASH' });
  });

  it('falls back to web for an unknown or missing source type', () => {
    selectInvite('AB12CD', 'telegram');
    expect(getInviteSelection().sourceType).toBe('web');
    selectInvite('AB12CD');
    expect(getInviteSelection().sourceType).toBe('web');
  });

  it('sends the default code when none is selected', () => {
    expect(getLoginInviteFields('DEF123')).toEqual({ inviteCode: 'DEF123', sourceType: 'web' });
  });

  it('survives a reload through session storage and is gone once cleared', () => {
    selectInvite('AB12CD', 'web');
    resetInviteSelectionCache();
    expect(getInviteSelection().inviteCode).toBe('AB12CD');
    clearInviteSelection();
    resetInviteSelectionCache();
    expect(getInviteSelection().inviteCode).toBeNull();
  });

  it('re-renders subscribers when the selection changes', () => {
    const { result } = renderHook(() => useInviteSelection());
    expect(result.current.inviteCode).toBeNull();
    act(() => selectInvite('XYZ789', 'web'));
    expect(result.current).toEqual({ inviteCode: 'XYZ789', sourceType: 'web' });
  });
});
