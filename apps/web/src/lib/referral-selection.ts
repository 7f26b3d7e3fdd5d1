import { normalizeSourceType, type SourceType } from '@ojo/domain/enums';
import { loginReferralFields } from '@ojo/domain/session/login';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The invite code chosen for the next login (product.md 2 Home: 'Home with query inviteCode and sourceType is a referral
 * entry'; product.md 5 Other: an unknown source type falls back to web). Kept in session storage so a reload during the
 * login popup keeps it; logout clears session storage (product.md 4) and with it the choice.
 */
export interface ReferralSelection {
  /** The selected code, or null when none is selected. */
  referralCode: string | null;
  sourceType: SourceType;
}

const STORAGE_KEY = 'ojo_referral_selection';
const EMPTY: ReferralSelection = { referralCode: null, sourceType: normalizeSourceType(undefined) };

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser: the choice lives for this page only
  }
}

function readStored(): ReferralSelection {
  let stored: ReferralSelection = EMPTY;
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as { referralCode?: unknown; sourceType?: unknown };
      stored = {
        referralCode:
          typeof parsed.referralCode === 'string' && parsed.referralCode !== '' ? parsed.referralCode : null,
        sourceType: normalizeSourceType(parsed.sourceType),
      };
    }
  } catch {
    stored = EMPTY;
  }
  return stored;
}

const store = createStore<ReferralSelection>(readStored);
const read = store.getState;

function write(next: ReferralSelection): void {
  try {
    if (next.referralCode === null) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Quota or privacy mode: the in-memory choice still holds for this page.
  }
  store.setState(next, true);
}

/** Selects a code for the login; the source type is normalised (unknown values become web). */
export function selectReferral(referralCode: string, sourceType?: unknown): void {
  write({
    referralCode: referralCode === '' ? null : referralCode,
    sourceType: normalizeSourceType(sourceType),
  });
}

/** Forgets the selected code (e.g. after its check failed). */
export function clearReferralSelection(): void {
  write(EMPTY);
}

export function getReferralSelection(): ReferralSelection {
  return read();
}

/** The invite fields the login sends: the selected code (or the default one, or empty) and its source type. */
export function getLoginReferralFields(defaultReferralCode?: string | null) {
  const selection = read();
  return loginReferralFields({
    selectedReferralCode: selection.referralCode,
    defaultReferralCode,
    sourceType: selection.sourceType,
  });
}

export function useReferralSelection(): ReferralSelection {
  return useStore(store);
}

/** Reads the selection from storage again (as a reload would), dropping what this page held. */
export function resetReferralSelectionCache(): void {
  store.setState(readStored(), true);
}
