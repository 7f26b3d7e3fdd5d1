/**
 * Why the round refused an event, as a code and a sentence a player can read. The API maps each code to its error
 * envelope (a 4xx: these are the player's or the caller's mistakes, never a server failure).
 */
export const DASH_REFUSAL_CODES = [
  'betting_not_open',
  'betting_closed',
  'round_void',
  'invalid_bet',
  'unknown_currency',
  'unknown_track',
  'invalid_amount',
  'below_minimum',
  'above_maximum',
  'bet_mismatch',
  'snapshot_unexpected',
  'snapshot_invalid',
  'race_not_finished',
  'already_settled',
  'bets_mismatch',
] as const;
export type DashRefusalCode = (typeof DASH_REFUSAL_CODES)[number];

export interface DashRefusal {
  readonly code: DashRefusalCode;
  readonly message: string;
}

/** The sentence of each code where it needs no detail. */
export const DASH_REFUSAL_TEXT: Readonly<Record<DashRefusalCode, string>> = {
  betting_not_open: 'Betting for this round has not opened yet.',
  betting_closed: 'Betting for this round has closed.',
  round_void: 'This round was called off; every bet is refunded.',
  invalid_bet: 'This bet is not well formed.',
  unknown_currency: 'Bets are placed in OJO or in points.',
  unknown_track: 'This coin is not racing in this round.',
  invalid_amount: 'The amount must be a whole number above 0.',
  below_minimum: 'The amount is below the minimum bet.',
  above_maximum: 'The amount is above the maximum bet.',
  bet_mismatch: 'This bet does not match the round; refresh and try again.',
  snapshot_unexpected: 'The round is not waiting for this snapshot.',
  snapshot_invalid: 'The snapshot does not fit the round.',
  race_not_finished: 'The race has not finished yet.',
  already_settled: 'This round is already settled.',
  bets_mismatch: 'The bets given do not add up to the round’s pools.',
};

export function refusal(code: DashRefusalCode, message: string = DASH_REFUSAL_TEXT[code]): DashRefusal {
  return { code, message };
}
