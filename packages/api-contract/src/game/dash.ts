import { LADDER_STATES, SEASON_STATES } from '@ojo/domain/enums';
import { DASH_PHASES } from '@ojo/domain/game/dash/round';
import { DASH_TERMS_FORMAT } from '@ojo/domain/game/dash/terms';
import { DASH_PUBLISHED_FORMAT, VERIFY_CHECKS } from '@ojo/domain/game/dash/verify';
import { MARKET_MODEL, MARKET_STEP_MS } from '@ojo/domain/game/market/model';
import { PRICE_DECIMALS } from '@ojo/domain/game/market/price';
import { z } from 'zod';
import { MAX } from '../bounds';

/**
 * The documents of the Dash round as they travel (ARCHITECTURE.md (The coin race)): the round state, its terms, snapshots,
 * outcome and the published round. They mirror the types of `@ojo/domain/game/dash` one for one (a test parses real
 * domain values with them); amounts and prices are integer strings because JSON has no bigint.
 */

export const baseUnits = z
  .string()
  .max(MAX.decimal)
  .regex(/^(0|[1-9][0-9]{0,77})$/, 'an integer amount in base units, written in decimal')
  .meta({ id: 'BaseUnits' });
export const signedInteger = z
  .string()
  .max(MAX.decimal)
  .regex(/^(0|-?[1-9][0-9]{0,77})$/, 'a signed integer, written in decimal');
export const gameCurrency = z.enum(['OJO', 'POINT']).meta({ id: 'GameCurrency' });
export const businessType = z.enum(['ojo', 'points']).meta({ id: 'BusinessType' });
export const coinSymbol = z
  .string()
  .max(MAX.key)
  .regex(/^[A-Z0-9]{2,12}$/, '2 to 12 of A-Z, 0-9');
export const timeMs = z.number().int().nonnegative();
export const sha256HexString = z
  .string()
  .max(MAX.key)
  .regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');
export const roundId = z
  .string()
  .max(MAX.key)
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, '1 to 64 of A-Z, a-z, 0-9, _ . : -');
export const seasonId = roundId;
export const ladderState = z.enum(LADDER_STATES);
export const seasonState = z.enum(SEASON_STATES);

const byCurrency = <T extends z.ZodType>(value: T) => z.object({ OJO: value, POINT: value });

export const priceQuote = z.object({
  symbol: coinSymbol,
  price: baseUnits,
  sourceTimeMs: timeMs,
  tradeId: z.string().max(128).nullable(),
});

export const priceSnapshot = z.object({ atMs: timeMs, quotes: z.array(priceQuote).max(16).readonly() }).meta({
  id: 'PriceSnapshot',
  description: `Prices of the tracks in lane order, ${PRICE_DECIMALS} decimals`,
});

export const dashTimeline = z.object({
  opensAtMs: timeMs,
  closesAtMs: timeMs,
  raceEndsAtMs: timeMs,
  resultsEndAtMs: timeMs,
});

export const simulatedCoinParams = z.object({
  symbol: coinSymbol,
  basePrice: baseUnits,
  volatilityPpb: z.number().int().nonnegative(),
  marketWeightBps: z.number().int().min(0).max(10_000),
});

export const dashFeedTerms = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('simulated'),
    model: z.literal(MARKET_MODEL),
    stepMs: z.literal(MARKET_STEP_MS),
    priceDecimals: z.literal(PRICE_DECIMALS),
    reversionPpb: z.number().int().nonnegative(),
    openStep: z.number().int().nonnegative(),
    openPrices: z.array(baseUnits).max(16).readonly(),
    coins: z.array(simulatedCoinParams).max(16).readonly(),
  }),
  z.object({
    kind: z.literal('external'),
    source: z.string().min(1).max(64),
    priceDecimals: z.literal(PRICE_DECIMALS),
    toleranceMs: timeMs,
  }),
]);

export const dashRoundTerms = z
  .object({
    format: z.literal(DASH_TERMS_FORMAT),
    game: z.literal('dash'),
    roundId,
    tracks: z.array(coinSymbol).max(16).readonly(),
    timeline: dashTimeline,
    feeBps: z.number().int().min(0).max(10_000),
    minStake: byCurrency(baseUnits),
    maxStake: byCurrency(baseUnits.nullable()),
    carryIn: byCurrency(baseUnits),
    snapshotDeadlineMs: timeMs,
    feed: dashFeedTerms,
  })
  .meta({ id: 'DashRoundTerms', description: 'What the commitment binds, with the secret seed' });

export const currencyPool = z.object({
  bets: z.number().int().nonnegative(),
  stakes: baseUnits,
  byTrack: z.record(coinSymbol, baseUnits),
});

export const voidReason = z.enum(['feed_stale', 'cancelled']);

export const trackResult = z.object({
  symbol: coinSymbol,
  lane: z.number().int().min(1),
  place: z.number().int().min(1),
  startPrice: baseUnits,
  endPrice: baseUnits,
  changeNum: signedInteger,
  changeDen: baseUnits,
});

export const currencySettlement = z.object({
  bets: z.number().int().nonnegative(),
  stakes: baseUnits,
  carryIn: baseUnits,
  fee: baseUnits,
  distributable: baseUnits,
  winningBets: z.number().int().nonnegative(),
  winningStakes: baseUnits,
  paidOut: baseUnits,
  remainder: baseUnits,
  carryOut: baseUnits,
});

export const currencyRefund = z.object({
  bets: z.number().int().nonnegative(),
  refunded: baseUnits,
  carryIn: baseUnits,
  carryOut: baseUnits,
});

export const dashOutcome = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('settled'),
      winners: z.array(coinSymbol).max(16).readonly(),
      tracks: z.array(trackResult).max(16).readonly(),
      currencies: byCurrency(currencySettlement),
    }),
    z.object({ kind: z.literal('void'), reason: voidReason, currencies: byCurrency(currencyRefund) }),
  ])
  .meta({ id: 'DashOutcome' });

export const dashPhase = z.enum(DASH_PHASES);

/** The round state of `@ojo/domain/game/dash/round`, sent as it is. */
export const dashRound = z
  .object({
    terms: dashRoundTerms,
    commitment: sha256HexString,
    phase: dashPhase,
    pools: byCurrency(currencyPool),
    startSnapshot: priceSnapshot.nullable(),
    endSnapshot: priceSnapshot.nullable(),
    voided: z
      .object({ reason: voidReason, atMs: timeMs, detail: z.string().max(MAX.text).nullable() })
      .nullable(),
    outcome: dashOutcome.nullable(),
    settledAtMs: timeMs.nullable(),
  })
  .meta({ id: 'DashRound' });

/** One of the session player's bets. */
export const myBet = z
  .object({
    betId: z.string().min(1).max(128),
    roundId,
    currency: gameCurrency,
    track: coinSymbol,
    amount: baseUnits,
    /** 0 when placed, then 1, 2, ... per change. */
    revision: z.number().int().nonnegative(),
    placedAtMs: timeMs,
    status: z.enum(['active', 'withdrawn']),
    /** What the bet received once the round settled (payout or refund); null before. */
    returned: baseUnits.nullable(),
  })
  .meta({ id: 'MyBet' });

/** What the session player staked and got back in one currency of a finished round (payouts or refunds). */
export const myRoundResult = z
  .object({ roundId, currency: gameCurrency, staked: baseUnits, returned: baseUnits })
  .meta({ id: 'MyRoundResult' });

export const publishedTransfer = z.object({
  betId: z.string().min(1).max(128),
  currency: gameCurrency,
  amount: baseUnits,
});

/** The document `verifyRound` checks (the verify page and `npm run verify:round` read it). */
export const publishedDashRound = z
  .object({
    format: z.literal(DASH_PUBLISHED_FORMAT),
    terms: dashRoundTerms,
    commitment: sha256HexString,
    seed: sha256HexString.nullable(),
    startSnapshot: priceSnapshot.nullable(),
    endSnapshot: priceSnapshot.nullable(),
    bets: z
      .array(
        z.object({
          betId: z.string().min(1).max(128),
          currency: gameCurrency,
          track: coinSymbol,
          amount: baseUnits,
          placedAtMs: timeMs,
        }),
      )
      .max(MAX.players)
      .readonly(),
    outcome: dashOutcome,
    payouts: z.array(publishedTransfer).max(MAX.players).readonly(),
    refunds: z.array(publishedTransfer).max(MAX.players).readonly(),
  })
  .meta({ id: 'PublishedDashRound' });

export const verifyReport = z.object({
  valid: z.boolean(),
  checks: z
    .array(z.object({ check: z.enum(VERIFY_CHECKS), ok: z.boolean(), detail: z.string().max(MAX.text) }))
    .max(MAX.list)
    .readonly(),
  recomputed: dashOutcome.nullable(),
});

/** A finished round in the history list, with what a player needs to verify it. */
export const roundSummary = z
  .object({
    roundId,
    timeline: dashTimeline,
    tracks: z.array(coinSymbol).max(16).readonly(),
    commitment: sha256HexString,
    outcome: dashOutcome,
  })
  .meta({ id: 'DashRoundSummary' });
