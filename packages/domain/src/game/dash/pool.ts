import { formatAmount } from '../../format/amount';
import { GAME_CURRENCIES, type GameCurrency } from '../amount';

/**
 * What a round's pool holds and what a player made of a round, from the same numbers settlement uses (RULES.md
 * "Payouts, fee and remainder": each currency's pool is the round's stakes plus any pool carried in).
 */

interface PoolSource {
  readonly terms: { readonly carryIn: Readonly<Record<GameCurrency, string>> };
  readonly pools: Readonly<Record<GameCurrency, { readonly stakes: string }>>;
}

/** A currency's pool: the carried-in pool plus the stakes so far (settlement shares exactly this, less the fee). */
export function roundPool(round: PoolSource, currency: GameCurrency): bigint {
  return BigInt(round.terms.carryIn[currency]) + BigInt(round.pools[currency].stakes);
}

/** Both currencies' pools as integer strings, for the wire. */
export function roundPools(round: PoolSource): Record<GameCurrency, string> {
  return { OJO: roundPool(round, 'OJO').toString(), POINT: roundPool(round, 'POINT').toString() };
}

/** What a player staked and got back in one currency of a round (payouts or refunds). */
export interface CurrencyResult {
  readonly staked: bigint;
  readonly returned: bigint;
}

export type PlayerRoundResult = Readonly<Record<GameCurrency, CurrencyResult>>;

/** The net result: what came back less what was staked (negative on a loss). */
export const netOf = (result: CurrencyResult): bigint => result.returned - result.staked;

/**
 * The headline of a player's round, judged per currency on the net result (never on whether a pick won: two
 * picks with one winner can pay back less than they cost): 'won' when some currency gained and none lost,
 * 'mixed' when one gained and another lost, 'even' when every currency played came back exactly, 'lost' when
 * some came back short, 'none' when nothing was staked.
 */
export function roundVerdict(result: PlayerRoundResult): 'won' | 'mixed' | 'even' | 'lost' | 'none' {
  const played = GAME_CURRENCIES.filter((currency) => result[currency].staked > 0n);
  if (played.length === 0) return 'none';
  const nets = played.map((currency) => netOf(result[currency]));
  const gained = nets.some((net) => net > 0n);
  const lost = nets.some((net) => net < 0n);
  if (gained) return lost ? 'mixed' : 'won';
  return lost ? 'lost' : 'even';
}

/** The net result signed as a player reads it: '+120', '−20', '0' (3-digit grouping). */
export function formatNet(net: bigint): string {
  if (net === 0n) return '0';
  return `${net > 0n ? '+' : '−'}${formatAmount((net < 0n ? -net : net).toString())}`;
}

/** The payout multiplier, returned / staked cut to 2 decimals: '0.95×', '1.90×', '0.00×'; '—' with no stake. */
export function formatMultiplier(result: CurrencyResult): string {
  if (result.staked <= 0n) return '—';
  const hundredths = (result.returned * 100n) / result.staked;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}×`;
}
