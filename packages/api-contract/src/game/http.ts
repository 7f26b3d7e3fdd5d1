import { RULE_KINDS } from '@ojo/domain/enums';
import { z } from 'zod';
import { MAX } from '../bounds';
import { defineRoute } from '../route';
import {
  baseUnits,
  businessType,
  coinSymbol,
  currencyPool,
  dashRound,
  gameCurrency,
  ladderState,
  myBet,
  publishedDashRound,
  roundId,
  roundSummary,
  seasonId,
  seasonState,
  sha256HexString,
  timeMs,
} from './dash';

export { routePath } from '../route-path';

/**
 * The game calls of product.md 7 ("Game and coin": battle, props, reward, ladders, messages; the rules texts) and
 * the calls the race needs besides them (bets, history, verification), declared once: method, path, whether the
 * session token is required, and the request and result schemas (`defineRoute`, as every route). Game calls answer
 * `{success, code, message, data}` (ARCHITECTURE.md (API conventions)); the rules text sits with the user calls of product.md 7
 * (`GET /owo/rule`) and answers `{success, code, msgKey, obj}`. A "battle" is a Dash round.
 */
const tags = ['game'] as const;

/** A round id, or `current` for the round now on screen. */
const battleParams = z.object({ id: z.union([roundId, z.literal('current')]) });
const betParams = z.object({ id: roundId, betId: z.string().min(1).max(128) });
const businessTypeQuery = z.object({ businessType });

export const battleProgress = z
  .object({ serverTimeMs: timeMs, round: dashRound, myBets: z.array(myBet).max(100) })
  .meta({ id: 'BattleProgress' });

/** GET /games/battle/{id}/progress: a round's state and, with a session, the player's bets in it. */
export const getBattleProgressRoute = defineRoute({
  method: 'GET',
  path: '/games/battle/:id/progress',
  host: 'game',
  secure: false,
  optionalSession: true,
  summary: "A round's state (id or `current`), with the session player's bets",
  tags,
  params: battleParams,
  result: battleProgress,
  errorStatuses: [401, 404],
});

export const battlePools = z
  .object({
    /** Each currency's prize pool, fed by the fees (product.md 2 /game/prize-pool/ojo and /points). */
    prizePools: z.object({ OJO: baseUnits, POINT: baseUnits }),
    /** The current round's pools, or null between rounds. */
    round: z
      .object({
        roundId,
        pools: z.object({ OJO: currencyPool, POINT: currencyPool }),
        /** Each currency's whole pool: the pool carried in plus the stakes (what settlement shares). */
        totals: z.object({ OJO: baseUnits, POINT: baseUnits }),
      })
      .nullable(),
  })
  .meta({ id: 'BattlePools' });

/** GET /games/battle/ojoCap/pools: the pool sizes (prize pools and the current round's). */
export const getBattlePoolsRoute = defineRoute({
  method: 'GET',
  path: '/games/battle/ojoCap/pools',
  host: 'game',
  secure: false,
  summary: "Prize pools per currency and the current round's pools",
  tags,
  result: battlePools,
});

export const placeBetBody = z.object({
  currency: gameCurrency,
  track: coinSymbol,
  amount: baseUnits,
  /** The client's idempotency key: the same key places the bet once, however often it is sent. */
  clientBetId: z
    .string()
    .max(MAX.key)
    .regex(/^[A-Za-z0-9_-]{8,64}$/),
});

/** POST /games/battle/{id}/bets: places a bet; the stake leaves the balance in the same transaction. */
export const placeBetRoute = defineRoute({
  method: 'POST',
  path: '/games/battle/:id/bets',
  host: 'game',
  secure: true,
  summary: 'Places a bet on one track of a round in betting',
  tags,
  params: z.object({ id: roundId }),
  body: placeBetBody,
  result: myBet,
  errorStatuses: [404, 409],
});

export const changeBetBody = z.object({
  track: coinSymbol,
  amount: baseUnits,
  revision: z.number().int().min(1),
});

/** PUT /games/battle/{id}/bets/{betId}: changes a bet's track or amount while betting is open. */
export const changeBetRoute = defineRoute({
  method: 'PUT',
  path: '/games/battle/:id/bets/:betId',
  host: 'game',
  secure: true,
  summary: "Changes a bet's track or amount during betting (the difference is taken or given back)",
  tags,
  params: betParams,
  body: changeBetBody,
  result: myBet,
  errorStatuses: [404, 409],
});

/** DELETE /games/battle/{id}/bets/{betId}: withdraws a bet during betting and refunds it. */
export const withdrawBetRoute = defineRoute({
  method: 'DELETE',
  path: '/games/battle/:id/bets/:betId',
  host: 'game',
  secure: true,
  summary: 'Withdraws a bet during betting (refunded in full)',
  tags,
  params: betParams,
  result: myBet,
  errorStatuses: [404, 409],
});

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Rounds that opened before this time (paging). */
  before: z.coerce.number().int().nonnegative().optional(),
});

/** GET /games/battle/history: finished rounds, newest first, each with its commitment and outcome. */
export const getBattleHistoryRoute = defineRoute({
  method: 'GET',
  path: '/games/battle/history',
  host: 'game',
  secure: false,
  summary: 'Finished rounds, newest first',
  tags,
  query: historyQuery,
  result: z.object({ rounds: z.array(roundSummary).max(50) }),
});

/** GET /games/battle/{id}/verify: the published round that `verifyRound` recomputes. */
export const getBattleVerifyRoute = defineRoute({
  method: 'GET',
  path: '/games/battle/:id/verify',
  host: 'game',
  secure: false,
  summary: 'Everything that decided a settled round, to recompute it',
  tags,
  params: z.object({ id: roundId }),
  result: publishedDashRound,
  errorStatuses: [401, 404],
});

export const ticketProps = z
  .object({
    businessType,
    seasonId: seasonId.nullable(),
    tickets: baseUnits,
    /** Settled stakes in the season. */
    staked: baseUnits,
    /** Stake per ticket. */
    rate: baseUnits,
    /** Stake still needed for the next ticket. */
    toNextTicket: baseUnits,
  })
  .meta({ id: 'TicketProps' });

/** GET /props/{id}: the session player's tickets in a currency (id: ojo or points; product.md 2 /game/tickets/...). */
export const getPropsRoute = defineRoute({
  method: 'GET',
  path: '/props/:id',
  host: 'game',
  secure: true,
  summary: "The session player's tickets of the open season",
  tags,
  params: z.object({ id: businessType }),
  result: ticketProps,
  errorStatuses: [404],
});

const rewardParams = z.object({ a: businessType, b: seasonId });

export const ladderTier = z.object({
  tier: z.number().int().nonnegative(),
  tierName: z.string().max(MAX.key),
});

export const rewardCurrent = z
  .object({
    businessType,
    seasonId,
    seasonState,
    /** Rank on the whole ladder, null before the player's first settled bet. */
    rank: z.number().int().min(1).nullable(),
    rankInTier: z.number().int().min(1).nullable(),
    tier: ladderTier.nullable(),
    result: z
      .string()
      .max(MAX.decimal)
      .regex(/^(0|-?[1-9][0-9]*)$/),
    staked: baseUnits,
    bets: z.number().int().nonnegative(),
    tickets: baseUnits,
    /** The ladder move the standing would give if the season ended now. */
    projectedState: ladderState.nullable(),
  })
  .meta({ id: 'RewardCurrent' });

/** GET /reward/{a}/{b}/current: the session player's standing (a: ojo or points, b: season id). */
export const getRewardCurrentRoute = defineRoute({
  method: 'GET',
  path: '/reward/:a/:b/current',
  host: 'game',
  secure: true,
  summary: "The session player's standing in a season's ladder",
  tags,
  params: rewardParams,
  result: rewardCurrent,
  errorStatuses: [404],
});

export const rewardPrizes = z
  .object({
    businessType,
    seasonId,
    seasonState,
    pool: baseUnits,
    rankPrizes: z
      .array(z.object({ rank: z.number().int().min(1), shareBps: z.number().int(), amount: baseUnits }))
      .max(MAX.list),
    draw: z.object({
      prizes: z.number().int().nonnegative(),
      amountEach: baseUnits,
      /** Published when the season opens. */
      commitment: sha256HexString,
      /** Revealed once the season is closed; null before. */
      seed: sha256HexString.nullable(),
      /** Once the season is settled: the draw's winners by their season reference (GET /seasons/{id}/verify). */
      winners: z
        .array(
          z.object({ order: z.number().int().min(1), player: z.string().max(MAX.name), amount: baseUnits }),
        )
        .max(MAX.players),
    }),
    /** Once the season is settled: what its settlement paid and what stayed in the pool (else null). */
    settled: z.object({ paid: baseUnits, carryOut: baseUnits, settledAtMs: timeMs }).nullable(),
  })
  .meta({ id: 'RewardPrizes' });

/** GET /reward/{a}/{b}/prizes: a season's prize table (rank prizes and the ticket draw). */
export const getRewardPrizesRoute = defineRoute({
  method: 'GET',
  path: '/reward/:a/:b/prizes',
  host: 'game',
  secure: false,
  summary: "A season's rank prizes and ticket draw",
  tags,
  params: rewardParams,
  result: rewardPrizes,
  errorStatuses: [401, 404],
});

export const ladderSettle = z
  .object({
    seasonId,
    businessType,
    from: ladderTier,
    to: ladderTier,
    rankInTier: z.number().int().min(1),
    state: ladderState,
    rankPrize: baseUnits,
    drawPrize: baseUnits,
    tickets: baseUnits,
    /** The player's reference in the season's published settlement (GET /seasons/{id}/verify). */
    player: z.string().max(MAX.name),
    settledAtMs: timeMs,
  })
  .meta({ id: 'LadderSettle' });

/** GET /ladders/lastsettle: the session player's result at the last settled season (null if none). */
export const getLastSettleRoute = defineRoute({
  method: 'GET',
  path: '/ladders/lastsettle',
  host: 'game',
  secure: true,
  summary: "The session player's last season settlement",
  tags,
  query: businessTypeQuery,
  result: ladderSettle.nullable(),
  errorStatuses: [404],
});

export const ladderEntry = z.object({
  rank: z.number().int().min(1),
  rankInTier: z.number().int().min(1),
  tier: ladderTier,
  player: z.object({
    handle: z.string().max(MAX.name).nullable(),
    avatar: z.string().max(MAX.url).nullable(),
  }),
  result: z
    .string()
    .max(MAX.decimal)
    .regex(/^(0|-?[1-9][0-9]*)$/),
  staked: baseUnits,
  bets: z.number().int().nonnegative(),
  /** Enough settled bets this season (the ladder's minimum) to win a rank prize and move up. */
  eligible: z.boolean(),
  /** What this place would earn if the season ended now: the settlement's rank prize of the current pool, or 0. */
  prize: baseUnits,
});

export const laddersQuery = businessTypeQuery.extend({
  offset: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ladderPage = z
  .object({
    seasonId: seasonId.nullable(),
    tiers: z.array(z.string().max(MAX.key)).max(MAX.list),
    total: z.number().int().nonnegative(),
    /** Settled bets a player needs this season to be eligible. */
    minBets: z.number().int().nonnegative(),
    entries: z.array(ladderEntry).max(100),
    /** The session player's entry, when a session is given and the player is on the ladder. */
    me: ladderEntry.nullable(),
  })
  .meta({ id: 'LadderPage' });

/** GET /ladders: the ranking of the open season (product.md 2 /game/ranks). */
export const getLaddersRoute = defineRoute({
  method: 'GET',
  path: '/ladders',
  host: 'game',
  secure: false,
  optionalSession: true,
  summary: "The open season's ranking, higher tiers first",
  tags,
  query: laddersQuery,
  result: ladderPage,
});

export const seasonView = z
  .object({
    id: seasonId,
    startsAtMs: timeMs,
    endsAtMs: timeMs,
    settledAtMs: timeMs.nullable(),
    state: seasonState,
  })
  .meta({ id: 'Season' });

/** GET /seasons: the seasons that have started, newest first. */
export const getSeasonsRoute = defineRoute({
  method: 'GET',
  path: '/seasons',
  host: 'game',
  secure: false,
  summary: 'Seasons that have started, newest first',
  tags,
  result: z.object({ seasons: z.array(seasonView).max(MAX.list) }),
});

/** GET /seasons/{id}/settles/myself: the session player's settlement of a season, per currency. */
export const getMySeasonSettlesRoute = defineRoute({
  method: 'GET',
  path: '/seasons/:id/settles/myself',
  host: 'game',
  secure: true,
  summary: "The session player's settlement of a season",
  tags,
  params: z.object({ id: seasonId }),
  result: z.object({ settles: z.array(ladderSettle).max(MAX.list) }),
  errorStatuses: [404],
});

const signedUnits = z
  .string()
  .max(MAX.decimal)
  .regex(/^(0|-?[1-9][0-9]*)$/);
const tierIndex = z.number().int().nonnegative();

/** One currency of a settled season, as `verifySeason` (packages/domain game/season/verify.ts) recomputes it. */
export const publishedSeasonCurrency = z.object({
  currency: gameCurrency,
  commitment: sha256HexString,
  seed: sha256HexString,
  pool: baseUnits,
  ticketRate: baseUnits,
  ladder: z.object({
    tiers: z.array(z.string().max(MAX.key)).max(MAX.list),
    promotionShareBps: z.number().int(),
    upShareBps: z.number().int(),
    downShareBps: z.number().int(),
    minBets: z.number().int(),
  }),
  prizePool: z.object({
    rankShareBps: z.number().int(),
    drawShareBps: z.number().int(),
    rankWeightsBps: z.array(z.number().int()).max(MAX.list),
    drawPrizes: z.number().int(),
  }),
  standings: z
    .array(
      z.object({
        playerId: z.string().max(MAX.name),
        tier: tierIndex,
        result: signedUnits,
        staked: baseUnits,
        bets: z.number().int().nonnegative(),
      }),
    )
    .max(MAX.players),
  holdings: z.array(z.object({ playerId: z.string().max(MAX.name), tickets: baseUnits })).max(MAX.players),
  moves: z
    .array(
      z.object({
        playerId: z.string().max(MAX.name),
        fromTier: tierIndex,
        toTier: tierIndex,
        rankInTier: z.number().int().min(1),
        state: ladderState,
      }),
    )
    .max(MAX.players),
  drawWinners: z
    .array(z.object({ playerId: z.string().max(MAX.name), order: z.number().int().min(1) }))
    .max(MAX.players),
  rankPrizes: z
    .array(z.object({ playerId: z.string().max(MAX.name), rank: z.number().int().min(1), amount: baseUnits }))
    .max(MAX.players),
  drawPrizes: z
    .array(
      z.object({ playerId: z.string().max(MAX.name), order: z.number().int().min(1), amount: baseUnits }),
    )
    .max(MAX.players),
  carryOut: baseUnits,
});

export const publishedSeason = z
  .object({
    format: z.literal('ojo-season-settlement/v1'),
    seasonId,
    endsAtMs: timeMs,
    settledAtMs: timeMs,
    currencies: z.array(publishedSeasonCurrency).max(MAX.list),
  })
  .meta({ id: 'PublishedSeason' });

/** GET /seasons/{id}/verify: everything that decided a settled season, to recompute it (`npm run verify:season`). */
export const getSeasonVerifyRoute = defineRoute({
  method: 'GET',
  path: '/seasons/:id/verify',
  host: 'game',
  secure: false,
  summary:
    'Everything that decided a settled season (ranks, ladder moves, ticket draw, prizes), to recompute it',
  tags,
  params: z.object({ id: seasonId }),
  result: publishedSeason,
  errorStatuses: [401, 404],
});

/** Share lines with the `{link}` placeholder (product.md 8: the page falls back to its built-in lines when this fails). */
export const gameMessages = z
  .object({ win: z.array(z.string().max(280)).max(50), loss: z.array(z.string().max(280)).max(50) })
  .meta({ id: 'GameMessages' });

/** GET /messages: the game share messages (win and loss lists). */
export const getMessagesRoute = defineRoute({
  method: 'GET',
  path: '/messages',
  host: 'game',
  secure: false,
  summary: 'Game share messages: win and loss lines',
  tags,
  result: gameMessages,
});

export const ruleKind = z.enum(RULE_KINDS);
export const ruleQuery = z.object({ ruleKind });
export const ruleText = z.object({ ruleKind, text: z.string().max(MAX.text) }).meta({ id: 'RuleText' });

/** GET /owo/rule?ruleKind=PRIZE_POOL|RANK: a rules text (product.md 7: fetched as text, cached 5 minutes). */
export const getRuleRoute = defineRoute({
  method: 'GET',
  path: '/owo/rule',
  host: 'customer',
  secure: false,
  summary: 'The prize-pool or rank rules as text',
  tags,
  query: ruleQuery,
  result: ruleText,
});

/** Every game route, for registration and for the OpenAPI test. */
export const GAME_ROUTES = [
  getBattleProgressRoute,
  getBattlePoolsRoute,
  placeBetRoute,
  changeBetRoute,
  withdrawBetRoute,
  getBattleHistoryRoute,
  getBattleVerifyRoute,
  getPropsRoute,
  getRewardCurrentRoute,
  getRewardPrizesRoute,
  getLastSettleRoute,
  getLaddersRoute,
  getSeasonsRoute,
  getMySeasonSettlesRoute,
  getSeasonVerifyRoute,
  getMessagesRoute,
  getRuleRoute,
] as const;
