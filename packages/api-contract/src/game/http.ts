import { RULE_KINDS } from '@ojo/domain/enums';
import { z } from 'zod';
import { dataEnvelope, errorEnvelope, objEnvelope } from '../envelope';
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

/**
 * The game calls of spec point 7 ("Game and coin": battle, props, reward, ladders, messages; the rules texts) and
 * the calls the race needs besides them (bets, history, verification), declared once: method, path, whether the
 * session token is required, and the Fastify schema (validation, serialisation and OpenAPI). Game calls answer
 * `{success, code, message, data}` (DESIGN.md section 5); the rules text sits with the user calls of spec 7
 * (`GET /owo/rule`) and answers `{success, code, msgKey, obj}`. A "battle" is a Dash round.
 */
export interface RouteDeclaration {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify path syntax (`:id`); `routePath` fills it in for clients. */
  readonly url: string;
  readonly secure: boolean;
  readonly schema: { readonly summary: string; readonly tags: readonly string[] } & Record<string, unknown>;
}

/** Fills a declaration's `:param` segments, URL-encoded. Throws on a missing parameter (a caller bug). */
export function routePath(
  route: Pick<RouteDeclaration, 'url'>,
  params: Readonly<Record<string, string>> = {},
): string {
  return route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${route.url} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

const tags = ['game'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

/** A round id, or `current` for the round now on screen. */
const battleParams = z.object({ id: z.union([roundId, z.literal('current')]) });
const betParams = z.object({ id: roundId, betId: z.string().min(1).max(128) });
const businessTypeQuery = z.object({ businessType });

export const battleProgress = z
  .object({ serverTimeMs: timeMs, round: dashRound, myBets: z.array(myBet).max(100) })
  .meta({ id: 'BattleProgress' });

/** GET /games/battle/{id}/progress: a round's state and, with a session, the player's bets in it. */
export const getBattleProgressRoute = {
  method: 'GET',
  url: '/games/battle/:id/progress',
  secure: false,
  schema: {
    summary: "A round's state (id or `current`), with the session player's bets",
    tags,
    params: battleParams,
    response: { 200: dataEnvelope(battleProgress), ...errors },
  },
} as const satisfies RouteDeclaration;

export const battlePools = z
  .object({
    /** Each currency's prize pool, fed by the fees (spec 2 /game/prize-pool/ojo and /points). */
    prizePools: z.object({ OJO: baseUnits, POINT: baseUnits }),
    /** The current round's pools, or null between rounds. */
    round: z.object({ roundId, pools: z.object({ OJO: currencyPool, POINT: currencyPool }) }).nullable(),
  })
  .meta({ id: 'BattlePools' });

/** GET /games/battle/ojoCap/pools: the pool sizes (prize pools and the current round's). */
export const getBattlePoolsRoute = {
  method: 'GET',
  url: '/games/battle/ojoCap/pools',
  secure: false,
  schema: {
    summary: "Prize pools per currency and the current round's pools",
    tags,
    response: { 200: dataEnvelope(battlePools), 429: errorEnvelope },
  },
} as const satisfies RouteDeclaration;

export const placeBetBody = z.object({
  currency: gameCurrency,
  track: coinSymbol,
  amount: baseUnits,
  /** The client's idempotency key: the same key places the bet once, however often it is sent. */
  clientBetId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

/** POST /games/battle/{id}/bets: places a bet; the stake leaves the balance in the same transaction. */
export const placeBetRoute = {
  method: 'POST',
  url: '/games/battle/:id/bets',
  secure: true,
  schema: {
    summary: 'Places a bet on one track of a round in betting',
    tags,
    params: z.object({ id: roundId }),
    body: placeBetBody,
    response: { 200: dataEnvelope(myBet), 409: errorEnvelope, ...errors },
  },
} as const satisfies RouteDeclaration;

export const changeBetBody = z.object({
  track: coinSymbol,
  amount: baseUnits,
  revision: z.number().int().min(1),
});

/** PUT /games/battle/{id}/bets/{betId}: changes a bet's track or amount while betting is open. */
export const changeBetRoute = {
  method: 'PUT',
  url: '/games/battle/:id/bets/:betId',
  secure: true,
  schema: {
    summary: "Changes a bet's track or amount during betting (the difference is taken or given back)",
    tags,
    params: betParams,
    body: changeBetBody,
    response: { 200: dataEnvelope(myBet), 409: errorEnvelope, ...errors },
  },
} as const satisfies RouteDeclaration;

/** DELETE /games/battle/{id}/bets/{betId}: withdraws a bet during betting and refunds it. */
export const withdrawBetRoute = {
  method: 'DELETE',
  url: '/games/battle/:id/bets/:betId',
  secure: true,
  schema: {
    summary: 'Withdraws a bet during betting (refunded in full)',
    tags,
    params: betParams,
    response: { 200: dataEnvelope(myBet), 409: errorEnvelope, ...errors },
  },
} as const satisfies RouteDeclaration;

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Rounds that opened before this time (paging). */
  before: z.coerce.number().int().nonnegative().optional(),
});

/** GET /games/battle/history: finished rounds, newest first, each with its commitment and outcome. */
export const getBattleHistoryRoute = {
  method: 'GET',
  url: '/games/battle/history',
  secure: false,
  schema: {
    summary: 'Finished rounds, newest first',
    tags,
    querystring: historyQuery,
    response: {
      200: dataEnvelope(z.object({ rounds: z.array(roundSummary) })),
      400: errorEnvelope,
      429: errorEnvelope,
    },
  },
} as const satisfies RouteDeclaration;

/** GET /games/battle/{id}/verify: the published round that `verifyRound` recomputes. */
export const getBattleVerifyRoute = {
  method: 'GET',
  url: '/games/battle/:id/verify',
  secure: false,
  schema: {
    summary: 'Everything that decided a settled round, to recompute it',
    tags,
    params: z.object({ id: roundId }),
    response: { 200: dataEnvelope(publishedDashRound), ...errors },
  },
} as const satisfies RouteDeclaration;

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

/** GET /props/{id}: the session player's tickets in a currency (id: ojo or points; spec 2 /game/tickets/...). */
export const getPropsRoute = {
  method: 'GET',
  url: '/props/:id',
  secure: true,
  schema: {
    summary: "The session player's tickets of the open season",
    tags,
    params: z.object({ id: businessType }),
    response: { 200: dataEnvelope(ticketProps), ...errors },
  },
} as const satisfies RouteDeclaration;

const rewardParams = z.object({ a: businessType, b: seasonId });

export const ladderTier = z.object({ tier: z.number().int().nonnegative(), tierName: z.string() });

export const rewardCurrent = z
  .object({
    businessType,
    seasonId,
    seasonState,
    /** Rank on the whole ladder, null before the player's first settled bet. */
    rank: z.number().int().min(1).nullable(),
    rankInTier: z.number().int().min(1).nullable(),
    tier: ladderTier.nullable(),
    result: z.string().regex(/^(0|-?[1-9][0-9]*)$/),
    staked: baseUnits,
    bets: z.number().int().nonnegative(),
    tickets: baseUnits,
    /** The ladder move the standing would give if the season ended now. */
    projectedState: ladderState.nullable(),
  })
  .meta({ id: 'RewardCurrent' });

/** GET /reward/{a}/{b}/current: the session player's standing (a: ojo or points, b: season id). */
export const getRewardCurrentRoute = {
  method: 'GET',
  url: '/reward/:a/:b/current',
  secure: true,
  schema: {
    summary: "The session player's standing in a season's ladder",
    tags,
    params: rewardParams,
    response: { 200: dataEnvelope(rewardCurrent), ...errors },
  },
} as const satisfies RouteDeclaration;

export const rewardPrizes = z
  .object({
    businessType,
    seasonId,
    seasonState,
    pool: baseUnits,
    rankPrizes: z.array(
      z.object({ rank: z.number().int().min(1), shareBps: z.number().int(), amount: baseUnits }),
    ),
    draw: z.object({
      prizes: z.number().int().nonnegative(),
      amountEach: baseUnits,
      /** Published when the season opens. */
      commitment: sha256HexString,
      /** Revealed once the season is closed; null before. */
      seed: sha256HexString.nullable(),
      winners: z.array(z.object({ order: z.number().int().min(1), player: z.string() })),
    }),
  })
  .meta({ id: 'RewardPrizes' });

/** GET /reward/{a}/{b}/prizes: a season's prize table (rank prizes and the ticket draw). */
export const getRewardPrizesRoute = {
  method: 'GET',
  url: '/reward/:a/:b/prizes',
  secure: false,
  schema: {
    summary: "A season's rank prizes and ticket draw",
    tags,
    params: rewardParams,
    response: { 200: dataEnvelope(rewardPrizes), ...errors },
  },
} as const satisfies RouteDeclaration;

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
  })
  .meta({ id: 'LadderSettle' });

/** GET /ladders/lastsettle: the session player's result at the last settled season (null if none). */
export const getLastSettleRoute = {
  method: 'GET',
  url: '/ladders/lastsettle',
  secure: true,
  schema: {
    summary: "The session player's last season settlement",
    tags,
    querystring: businessTypeQuery,
    response: { 200: dataEnvelope(ladderSettle.nullable()), ...errors },
  },
} as const satisfies RouteDeclaration;

export const ladderEntry = z.object({
  rank: z.number().int().min(1),
  rankInTier: z.number().int().min(1),
  tier: ladderTier,
  player: z.object({ handle: z.string().nullable(), avatar: z.string().nullable() }),
  result: z.string().regex(/^(0|-?[1-9][0-9]*)$/),
  staked: baseUnits,
  bets: z.number().int().nonnegative(),
});

export const laddersQuery = businessTypeQuery.extend({
  offset: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ladderPage = z
  .object({
    seasonId: seasonId.nullable(),
    tiers: z.array(z.string()),
    total: z.number().int().nonnegative(),
    entries: z.array(ladderEntry),
    /** The session player's entry, when a session is given and the player is on the ladder. */
    me: ladderEntry.nullable(),
  })
  .meta({ id: 'LadderPage' });

/** GET /ladders: the ranking of the open season (spec 2 /game/ranks). */
export const getLaddersRoute = {
  method: 'GET',
  url: '/ladders',
  secure: false,
  schema: {
    summary: "The open season's ranking, higher tiers first",
    tags,
    querystring: laddersQuery,
    response: { 200: dataEnvelope(ladderPage), 400: errorEnvelope, 429: errorEnvelope },
  },
} as const satisfies RouteDeclaration;

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
export const getSeasonsRoute = {
  method: 'GET',
  url: '/seasons',
  secure: false,
  schema: {
    summary: 'Seasons that have started, newest first',
    tags,
    response: { 200: dataEnvelope(z.object({ seasons: z.array(seasonView) })), 429: errorEnvelope },
  },
} as const satisfies RouteDeclaration;

/** GET /seasons/{id}/settles/myself: the session player's settlement of a season, per currency. */
export const getMySeasonSettlesRoute = {
  method: 'GET',
  url: '/seasons/:id/settles/myself',
  secure: true,
  schema: {
    summary: "The session player's settlement of a season",
    tags,
    params: z.object({ id: seasonId }),
    response: { 200: dataEnvelope(z.object({ settles: z.array(ladderSettle) })), ...errors },
  },
} as const satisfies RouteDeclaration;

/** Share lines with the `{link}` placeholder (spec 8: the page falls back to its built-in lines when this fails). */
export const gameMessages = z
  .object({ win: z.array(z.string().max(280)).max(50), loss: z.array(z.string().max(280)).max(50) })
  .meta({ id: 'GameMessages' });

/** GET /messages: the game share messages (win and loss lists). */
export const getMessagesRoute = {
  method: 'GET',
  url: '/messages',
  secure: false,
  schema: {
    summary: 'Game share messages: win and loss lines',
    tags,
    response: { 200: dataEnvelope(gameMessages), 429: errorEnvelope },
  },
} as const satisfies RouteDeclaration;

export const ruleKind = z.enum(RULE_KINDS);
export const ruleQuery = z.object({ ruleKind });
export const ruleText = z.object({ ruleKind, text: z.string() }).meta({ id: 'RuleText' });

/** GET /owo/rule?ruleKind=PRIZE_POOL|RANK: a rules text (spec 7: fetched as text, cached 5 minutes). */
export const getRuleRoute = {
  method: 'GET',
  url: '/owo/rule',
  secure: false,
  schema: {
    summary: 'The prize-pool or rank rules as text',
    tags,
    querystring: ruleQuery,
    response: { 200: objEnvelope(ruleText), 400: errorEnvelope, 429: errorEnvelope },
  },
} as const satisfies RouteDeclaration;

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
  getMessagesRoute,
  getRuleRoute,
] as const;
