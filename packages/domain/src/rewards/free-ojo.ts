/**
 * docs/economy.md 'Free rewards are not cash': OJO a player got for nothing (a check-in or task reward an operator set
 * to OJO) stays locked until the player has a profile, an account at least `unlockDays` old and a real total bet of
 * `unlockBet` OJO (in races whose betting closed and that were not voided). Locked OJO can be bet, never redeemed.
 */

const DAY_MS = 86_400_000;

export interface FreeOjoRules {
  /** FREE_OJO_UNLOCK_DAYS: the account's least age, in days. */
  unlockDays: number;
  /** FREE_OJO_UNLOCK_BET: the least OJO really bet, whole OJO. */
  unlockBet: bigint;
}

/** What the lock looks at, read together. */
export interface FreeOjoFacts {
  /** OJO credited by free sources in total. */
  freeCredited: bigint;
  /** The OJO balance now. */
  balance: bigint;
  hasProfile: boolean;
  accountCreatedAtMs: number;
  /** OJO staked in races whose betting closed and that were not voided. */
  ojoBet: bigint;
  nowMs: number;
}

export interface FreeOjoLock {
  /** OJO that cannot be redeemed now: 0 once every condition holds. */
  locked: bigint;
  hasProfile: boolean;
  accountDays: number;
  requiredDays: number;
  bet: bigint;
  requiredBet: bigint;
}

/** Whether every unlock condition holds (then nothing is locked, whatever came from free sources). */
export function isFreeOjoUnlocked(lock: Omit<FreeOjoLock, 'locked'>): boolean {
  return lock.hasProfile && lock.accountDays >= lock.requiredDays && lock.bet >= lock.requiredBet;
}

/**
 * The lock of a player: while a condition is missing, the free OJO still held is locked (all of it, up to the
 * balance: what was lost in races is gone, what was won from other players is not free).
 */
export function freeOjoLockOf(facts: FreeOjoFacts, rules: FreeOjoRules): FreeOjoLock {
  const conditions = {
    hasProfile: facts.hasProfile,
    accountDays: Math.max(0, Math.floor((facts.nowMs - facts.accountCreatedAtMs) / DAY_MS)),
    requiredDays: rules.unlockDays,
    bet: facts.ojoBet,
    requiredBet: rules.unlockBet,
  };
  const held = facts.freeCredited < facts.balance ? facts.freeCredited : facts.balance;
  const locked = isFreeOjoUnlocked(conditions) || held < 0n ? 0n : held;
  return { locked, ...conditions };
}

/** What the player still has to do, in words: empty once unlocked. */
export function freeOjoMissing(lock: Omit<FreeOjoLock, 'locked'>): string[] {
  const missing: string[] = [];
  if (!lock.hasProfile) missing.push('create your profile');
  if (lock.accountDays < lock.requiredDays)
    missing.push(`play for ${lock.requiredDays} days (day ${lock.accountDays} now)`);
  if (lock.bet < lock.requiredBet) missing.push(`bet ${lock.requiredBet} OJO in races (${lock.bet} so far)`);
  return missing;
}

/** The redeem screen's line (and the refusal's text): null when nothing is locked. */
export function freeOjoLockText(lock: FreeOjoLock): string | null {
  if (lock.locked <= 0n) return null;
  return `${lock.locked} OJO from free rewards is locked until you ${freeOjoMissing(lock).join(', ')}.`;
}
