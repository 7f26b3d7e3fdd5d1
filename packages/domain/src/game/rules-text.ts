import type { RuleKind } from '../enums';
import { DEFAULT_DASH_CONFIG } from './dash/rules';
import { DASH_TICKET_RATE } from './dash/tickets';
import { DEFAULT_LADDER_CONFIG, type LadderConfig } from './season/ladder';
import { DEFAULT_PRIZE_POOL_CONFIG, type PrizePoolConfig } from './season/prize-pool';

/**
 * The rules texts of product.md 3 'Rule kinds: PRIZE_POOL, RANK.' (product.md 7: 'Prize pool and ladder rules are fetched as
 * text, cached 5 minutes'), written from the configuration the API runs with so the numbers players read are the
 * numbers the code applies. At the defaults they are, word for word, the two sections of dash/RULES.md (a test
 * holds it).
 */
export interface RulesTextConfig {
  readonly feeBps: number;
  readonly ladder: LadderConfig;
  readonly prizePool: PrizePoolConfig;
}

export const DEFAULT_RULES_TEXT_CONFIG: RulesTextConfig = {
  feeBps: DEFAULT_DASH_CONFIG.feeBps,
  ladder: DEFAULT_LADDER_CONFIG,
  prizePool: DEFAULT_PRIZE_POOL_CONFIG,
};

/** Basis points as a percentage without trailing zeros: 500 -> '5%', 250 -> '2.5%', 1 -> '0.01%'. */
export function bpsText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

function prizePoolText(config: RulesTextConfig): string {
  const { prizePool } = config;
  const weights = prizePool.rankWeightsBps.map(bpsText).join(', ');
  return [
    'Prize pools',
    'There is one prize pool for OJO and one for points; each is fed only by races played in its currency.',
    `- Every round pays ${bpsText(config.feeBps)} of its stakes in each currency into that currency's prize pool, together with the rounding remainder of its payouts (less than one unit per winning bet).`,
    `- Tickets: every ${DASH_TICKET_RATE.OJO} OJO staked in settled rounds earns 1 OJO ticket, and every ${DASH_TICKET_RATE.POINT} points staked earn 1 points ticket. A round that is called off (stale price feed or cancelled) refunds every bet and earns no tickets.`,
    `- When a season closes, ${bpsText(prizePool.rankShareBps)} of the pool goes to the top ${prizePool.rankWeightsBps.length} of the season's ranking (${weights} of that part), and ${bpsText(prizePool.drawShareBps)} is shared equally by the ${prizePool.drawPrizes} winners of the ticket draw (each ticket an equal chance, one draw prize per player). The pool shared is the pool as it stands when the season is settled, a few seconds after it ends. Prizes are paid straight to your balance, once. Whatever is not paid out (unfilled places, rounding) stays in the pool for the next season.`,
    '- The draw is provably fair: its seed is committed (SHA-256) when the season opens and revealed with every player’s tickets when it closes, so anyone can recompute the winners.',
    '- Checking a season: once settled, the season publishes every player’s standing and tickets under a reference that is new each season (your own is shown with your settlement), the revealed seed, the draw winners, every rank and draw prize and what stayed in the pool; its verify page, linked from the last season on the ranks, tickets and prize pool pages, recomputes all of it in your browser from that data alone.',
  ].join('\n');
}

function rankText(config: RulesTextConfig): string {
  const { ladder } = config;
  return [
    'Ranks',
    `Each currency has its own ladder of ${ladder.tiers.length} tiers, lowest first: ${ladder.tiers.join(', ')}. Your first settled bet in a currency places you on its lowest tier.`,
    '- Within a tier, players rank by their season result (payouts minus stakes), then by the amount staked, then by their season reference (published with the settlement), so a rank is never shared.',
    `- A season runs for a week from Monday 00:00 UTC. It is open while play counts, closing while it is being settled, and closed once settled. At settlement each tier is settled among its active players (at least ${ladder.minBets} settled bets in the season): the best ${bpsText(ladder.promotionShareBps)} (rounded down) move up two tiers (promotion), the rest of the best ${bpsText(ladder.upShareBps)} (rounded up, so at least one player) move up one tier (up), the worst ${bpsText(ladder.downShareBps)} (rounded down) move down one tier (down), and the others keep their tier (keep).`,
    `- Players with fewer than ${ladder.minBets} settled bets in the season move down one tier. Nobody moves above the top tier or below the lowest.`,
    '- Your new tier carries into the next season: you start it there, and its ladder lists you from the start.',
    `- The ranking lists higher tiers first. Its top ${config.prizePool.rankWeightsBps.length} active players share the rank part of the prize pool.`,
  ].join('\n');
}

export function rulesText(kind: RuleKind, config: RulesTextConfig = DEFAULT_RULES_TEXT_CONFIG): string {
  return kind === 'PRIZE_POOL' ? prizePoolText(config) : rankText(config);
}
