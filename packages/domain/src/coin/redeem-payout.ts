/**
 * What a redemption pays (docs/economy.md): never more ETH than the treasury received for the OJO redeemed.
 * Each player's bought OJO carries its cost (average cost: OJO and wei together); a redemption pays its bought part
 * at the bid price but never above that part's cost, and OJO the player did not buy (won) at the bid price but never
 * above the cheapest rate any purchase ever paid. A pure rule: the API applies it in the redemption's transaction
 * and the redeem screen applies it to the server's figures to show what a typed amount pays.
 */

/** A non-negative rate as an exact fraction: `wei` per `qty` OJO. */
export interface Rate {
  wei: bigint;
  qty: bigint;
}

/** A player's bought OJO still held and what it cost in total (wei). */
export interface CostBasis {
  qty: bigint;
  wei: bigint;
}

/** The default spread between the buy price (1 USD per OJO at mid) and the redeem price, in basis points. */
export const DEFAULT_REDEEM_SPREAD_BPS = 300;

/**
 * The bid: what the treasury pays per OJO, in wei, as an exact fraction: the mid price (`ojoPerEth` OJO per ETH,
 * as units / 10^scale) less `spreadBps`.
 */
export function bidRate(ojoPerEthUnits: bigint, ojoPerEthScale: number, spreadBps: number): Rate {
  const keep = BigInt(10_000 - Math.min(10_000, Math.max(0, Math.trunc(spreadBps))));
  if (ojoPerEthUnits <= 0n) return { wei: 0n, qty: 1n };
  return { wei: 10n ** 18n * 10n ** BigInt(ojoPerEthScale) * keep, qty: ojoPerEthUnits * 10_000n };
}

/** floor(amount × rate); 0 for an empty rate. */
export function atRate(amount: bigint, rate: Rate | null): bigint {
  if (!rate || rate.qty <= 0n || rate.wei <= 0n || amount <= 0n) return 0n;
  return (amount * rate.wei) / rate.qty;
}

/** The lower of two rates (null counts as no rate at all, i.e. nothing). Exact: compared by cross-multiplying. */
export function lowerRate(a: Rate | null, b: Rate): Rate {
  if (!a) return b;
  return b.wei * a.qty < a.wei * b.qty ? b : a;
}

/** The part of a redemption of `amount` the player bought, and the cost that part carries (average cost). */
export function consumeBasis(amount: bigint, basis: CostBasis): { covered: bigint; capWei: bigint } {
  const covered = amount < basis.qty ? amount : basis.qty;
  if (covered <= 0n) return { covered: 0n, capWei: 0n };
  return { covered, capWei: (basis.wei * covered) / basis.qty };
}

export interface RedeemPayoutInput {
  amount: bigint;
  basis: CostBasis;
  bid: Rate;
  /** The lowest wei-per-OJO any credited order paid; null when none was ever credited (won OJO pays nothing). */
  lowestPaid: Rate | null;
}

export interface RedeemPayout {
  payoutWei: bigint;
  /** OJO of the basis the redemption uses and the wei of cost it takes (given back if it is cancelled or fails). */
  covered: bigint;
  capWei: bigint;
}

/**
 * payout = min(floor(covered × bid), capWei) + min(floor(uncovered × bid), floor(uncovered × lowestPaid)), where
 * covered = min(amount, basis.qty) and capWei = floor(basis.wei × covered / basis.qty).
 */
export function redeemPayout(input: RedeemPayoutInput): RedeemPayout {
  if (input.amount <= 0n) return { payoutWei: 0n, covered: 0n, capWei: 0n };
  const { covered, capWei } = consumeBasis(input.amount, input.basis);
  const uncovered = input.amount - covered;
  const bought = min(atRate(covered, input.bid), capWei);
  const won = min(atRate(uncovered, input.bid), atRate(uncovered, input.lowestPaid));
  return { payoutWei: bought + won, covered, capWei };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
