import { memberSummaryRoute } from '@ojo/api-contract/member';
import type { GameApi } from '../../lib/api-client';

export type Currency = 'OJO' | 'POINT';

/** The session player's balance of each currency they can bet, in whole units (decimal strings). */
export type Balances = Readonly<Record<Currency, string>>;

/**
 * The player's balances, read with the page's token: GET /v2/member/me answers the points balance (`total` of the
 * points tab) and the OJO balance (`ojoValue`) in one call, without the player's id the frame does not know.
 */
export async function fetchBalances(api: GameApi): Promise<Balances> {
  const summary = await api.callRoute(memberSummaryRoute, { query: { businessType: 'points' } });
  return { OJO: summary.ojoValue, POINT: summary.total };
}

/**
 * The currency the bet panel starts on: OJO when the player's OJO covers the round's minimum OJO bet, else points.
 * While the balances are unknown (not read yet, or the read failed) it is OJO, as before the frame read them.
 */
export function startingCurrency(
  balances: Balances | null,
  minStake: Readonly<Record<Currency, string>>,
): Currency {
  if (balances === null) return 'OJO';
  return BigInt(balances.OJO) >= BigInt(minStake.OJO) ? 'OJO' : 'POINT';
}

/**
 * Whether the player's balance in `currency` covers `total` (the stake per track times the tracks picked), so the
 * panel says so before sending bets the ledger would refuse. Unknown balances (not read yet, or the read failed)
 * leave the decision to the API.
 */
export function coversBet(balances: Balances | null, currency: Currency, total: bigint): boolean {
  return balances === null || total <= BigInt(balances[currency]);
}
