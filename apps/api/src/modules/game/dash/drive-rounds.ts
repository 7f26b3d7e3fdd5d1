import { randomBytes } from 'node:crypto';
import { type Database, queryRows } from '@ojo/db/client';
import { gameRewardNotices, gameRounds } from '@ojo/db/schema/game';
import { jobs } from '@ojo/db/schema/jobs';
import { sql } from '@ojo/db/sql';
import type { GameCurrency } from '@ojo/domain/game/amount';
import { advance, createDashRound, type DashRound } from '@ojo/domain/game/dash/round';
import { DASH_GAME, DEFAULT_DASH_CONFIG } from '@ojo/domain/game/dash/rules';
import { createDashTerms, drawTracks } from '@ojo/domain/game/dash/terms';
import { simulatedSnapshots } from '@ojo/domain/game/dash/verify';
import { coinParams, DEFAULT_MARKET_COINS } from '@ojo/domain/game/market/coins';
import {
  advancePrices,
  DEFAULT_REVERSION_PPB,
  MARKET_STEP_MS,
  type PreparedCoins,
  prepareCoins,
  stepAt,
  stepTimeMs,
} from '@ojo/domain/game/market/model';
import type { MarketSimulator } from '@ojo/domain/game/market/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { GameConfig } from '../config';
import type { LiveBus } from '../live/live-bus';
import { feedSnapshot, type MarketFeed } from '../market-feed/market-feed';
import {
  activeRounds,
  lastFinishedRound,
  lockRound,
  poolsOf,
  roundsSettledSince,
  type StoredRound,
  saveRoundState,
} from './rounds';
import { PLAY_GAME_JOB_KEY_PREFIX, settleRound } from './settle-round';

/**
 * The round scheduler (ARCHITECTURE.md (Production and scale): a singleton under a lease). Every 250 ms, on the one node holding the
 * `game-dash` lease, it moves the rounds along their timeline with the domain's `advance`: opens betting, closes it
 * (the pools from the bets, under the round row's lock), records the start and end snapshots from the round's seed,
 * settles, ends the results, and announces the next round (its commitment) before its betting opens. It also
 * publishes the live prices (4 a second) and pools. Everything it does is read back from the database on each tick,
 * so a node taking over after a crash continues the interrupted round: settled, or voided and refunded when its
 * snapshots are past their deadline; and it tells the players of a round the last node settled when their play-task
 * reward lands.
 */
export const GAME_LEASE_NAME = 'game-dash';

export interface DriverDeps {
  db: Database;
  bus: LiveBus;
  config: GameConfig;
  log: FastifyBaseLogger;
  now: () => number;
  /** The shared simulated market (the wallet's), for the prices a new round opens at. */
  market?: MarketSimulator | undefined;
  /** A real market feed (GAME_MARKET_FEED=coinbase): rounds race its coins and snapshot its trades. */
  feed?: MarketFeed | undefined;
}

/**
 * With a real feed, a snapshot due at T is taken this long after T, so that trades up to T still in flight from the
 * exchange have arrived; it quotes each track's last trade at or before T (market-feed.ts).
 */
export const FEED_SNAPSHOT_GRACE_MS = 1000;

/** How long after settling a round the driver watches for its players' play-task rewards (to announce them). */
export const REWARD_WATCH_MS = 60_000;

interface PricePath {
  roundId: string;
  seed: string;
  coins: PreparedCoins;
  reversionPpb: number;
  step: number;
  prices: bigint[];
  endStep: number;
}

export function createRoundDriver(deps: DriverDeps) {
  const { db, bus, log } = deps;
  let path: PricePath | null = null;
  let ticks = 0;

  const publish = (to: string | null, message: Parameters<LiveBus['publish']>[0]['message']) =>
    bus
      .publish({ to, game: DASH_GAME, message })
      .catch((error: unknown) => log.warn({ err: error }, 'game publish failed'));

  const publishRound = (state: DashRound) =>
    publish(null, { type: 'round', serverTimeMs: deps.now(), round: state });

  async function save(round: StoredRound, state: DashRound) {
    await saveRoundState(db, round.id, state);
    round.state = state;
    round.phase = state.phase;
    await publishRound(state);
  }

  async function closeBetting(round: StoredRound, nowMs: number): Promise<void> {
    const state = await db.transaction(async (tx) => {
      const row = await lockRound(tx, round.id);
      if (!row) return null;
      let current = row.state;
      if (current.phase !== 'upcoming' && current.phase !== 'betting') return current;
      current = { ...current, pools: await poolsOf(tx, current) };
      current = advance(current, { type: 'tick' }, nowMs).state;
      current = withSnapshots(current, row.seed, nowMs);
      current = withFeedSnapshots(current, nowMs);
      await saveRoundState(tx, round.id, current);
      return current;
    });
    if (!state) return;
    round.state = state;
    round.phase = state.phase;
    await publishRound(state);
    await publish(null, { type: 'pools', roundId: round.id, pools: state.pools });
  }

  /** Adds the snapshots that are due (the simulator's, from the round's seed). */
  function withSnapshots(state: DashRound, seed: string | null, nowMs: number): DashRound {
    if (state.phase !== 'racing' || state.voided || !seed) return state;
    const snapshots = simulatedSnapshots(state.terms, seed);
    let next = state;
    if (!next.startSnapshot) {
      const result = advance(next, { type: 'snapshot', kind: 'start', snapshot: snapshots.start }, nowMs);
      if (result.refusal) log.warn({ round: state.terms.roundId, refusal: result.refusal }, 'start snapshot');
      next = result.state;
    }
    if (next.phase === 'racing' && next.startSnapshot && nowMs >= next.terms.timeline.raceEndsAtMs) {
      const result = advance(next, { type: 'snapshot', kind: 'end', snapshot: snapshots.end }, nowMs);
      if (result.refusal) log.warn({ round: state.terms.roundId, refusal: result.refusal }, 'end snapshot');
      next = result.state;
    }
    return next;
  }

  /**
   * Adds a real feed's snapshots that are due (each a grace after its time), or voids the round when the feed is
   * stale: a track without a trade in the stated window before the snapshot's time (every bet is refunded).
   */
  function withFeedSnapshots(state: DashRound, nowMs: number): DashRound {
    const feed = deps.feed;
    if (state.phase !== 'racing' || state.voided || state.terms.feed.kind !== 'external' || !feed)
      return state;
    const tolerance = state.terms.feed.toleranceMs;
    const { closesAtMs, raceEndsAtMs } = state.terms.timeline;
    let next = state;
    for (const [kind, due] of [
      ['start', closesAtMs],
      ['end', raceEndsAtMs],
    ] as const) {
      if (next.phase !== 'racing' || next.voided || nowMs < due + FEED_SNAPSHOT_GRACE_MS) break;
      if (kind === 'start' ? next.startSnapshot : next.endSnapshot) continue;
      const taken = feedSnapshot(feed, next.terms.tracks, due, tolerance);
      const result =
        'stale' in taken
          ? advance(next, { type: 'feed.stale', detail: taken.stale }, nowMs)
          : advance(next, { type: 'snapshot', kind, snapshot: taken.snapshot }, nowMs);
      if (result.refusal)
        log.warn({ round: state.terms.roundId, refusal: result.refusal }, `${kind} snapshot`);
      if ('stale' in taken)
        log.warn({ round: state.terms.roundId, detail: taken.stale }, 'market feed stale');
      next = result.state;
    }
    return next;
  }

  async function settle(round: StoredRound, nowMs: number): Promise<void> {
    const result = await settleRound(db, round.id, nowMs);
    if (!result) return;
    round.state = result.state;
    round.phase = result.state.phase;
    await publishRound(result.state);
    if (result.state.outcome)
      await publish(null, { type: 'result', roundId: round.id, outcome: result.state.outcome });
    // Each player hears of their own payouts (sent side by side; a slow bus must not hold the next tick long).
    const transfers = result.transfers.slice(0, 20_000);
    for (let start = 0; start < transfers.length; start += 500)
      await Promise.all(
        transfers.slice(start, start + 500).map((transfer) =>
          publish(transfer.playerId, {
            type: 'payout',
            roundId: round.id,
            betId: transfer.betId,
            kind: transfer.kind,
            currency: transfer.currency,
            amount: transfer.amount.toString(),
          }),
        ),
      );
  }

  async function driveRound(round: StoredRound, nowMs: number): Promise<void> {
    const { timeline } = round.state.terms;
    const phase = round.state.phase;
    if ((phase === 'upcoming' || phase === 'betting') && nowMs >= timeline.closesAtMs) {
      await closeBetting(round, nowMs);
    } else if (phase === 'upcoming' && nowMs >= timeline.opensAtMs) {
      await save(round, advance(round.state, { type: 'tick' }, nowMs).state);
    } else if (phase === 'racing') {
      const ticked = advance(round.state, { type: 'tick' }, nowMs).state;
      const next = withFeedSnapshots(withSnapshots(ticked, round.seed, nowMs), nowMs);
      if (next !== round.state && JSON.stringify(next) !== JSON.stringify(round.state))
        await save(round, next);
    }
    if (round.state.phase === 'settling') await settle(round, nowMs);
    else if (round.state.phase === 'results' && nowMs >= timeline.resultsEndAtMs)
      await save(round, advance(round.state, { type: 'tick' }, nowMs).state);
  }

  async function announceNext(rounds: StoredRound[], nowMs: number): Promise<void> {
    if (rounds.some((round) => ['upcoming', 'betting', 'racing', 'settling'].includes(round.phase))) return;
    const previous = await lastFinishedRound(db);
    const current = rounds.find((round) => round.phase === 'results');
    const earliest = Math.ceil((nowMs + 1000) / MARKET_STEP_MS) * MARKET_STEP_MS;
    const opensAtMs = Math.max(earliest, current?.state.terms.timeline.resultsEndAtMs ?? 0);
    const carryIn: Record<GameCurrency, bigint> = { OJO: 0n, POINT: 0n };
    const outcome = previous?.state.outcome;
    if (outcome)
      for (const currency of ['OJO', 'POINT'] as const)
        carryIn[currency] = BigInt(outcome.currencies[currency].carryOut);
    const { feed } = deps;
    // A simulated round hides a seed in its commitment; a real feed's round commits to its terms alone.
    const seed = feed ? null : randomBytes(32).toString('hex');
    const symbols = feed ? feed.symbols : DEFAULT_MARKET_COINS.map((coin) => coin.symbol);
    const tracks = drawTracks(symbols, randomBytes(32).toString('hex'));
    const terms = createDashTerms({
      roundId: `dash-${opensAtMs}`,
      tracks,
      opensAtMs,
      carryIn,
      config: {
        ...DEFAULT_DASH_CONFIG,
        feeBps: deps.config.feeBps,
        minStake: deps.config.minStake,
        snapshotDeadlineMs: deps.config.snapshotDeadlineMs,
        externalToleranceMs: deps.config.marketFeed.toleranceMs,
        phasesMs: deps.config.phasesMs,
      },
      feed: feed ? { kind: 'external', source: feed.source } : simulatedFeedTerms(tracks, nowMs),
    });
    const state = createDashRound(terms, seed);
    const [inserted] = await db
      .insert(gameRounds)
      .values({
        id: terms.roundId,
        game: DASH_GAME,
        phase: state.phase,
        opensAtMs,
        closesAtMs: terms.timeline.closesAtMs,
        commitment: state.commitment,
        seed,
        state,
      })
      .onConflictDoNothing()
      .returning({ id: gameRounds.id });
    if (inserted) {
      log.info({ round: terms.roundId, commitment: state.commitment }, 'round announced');
      await publishRound(state);
    }
  }

  function simulatedFeedTerms(tracks: readonly string[], nowMs: number) {
    const coins = tracks.map((symbol) => coinParams(DEFAULT_MARKET_COINS.find((c) => c.symbol === symbol)!));
    const marketPrices = marketPricesAt(deps.market, nowMs);
    const openPrices = coins.map((coin) => marketPrices?.[coin.symbol] ?? BigInt(coin.basePrice));
    return { kind: 'simulated' as const, reversionPpb: DEFAULT_REVERSION_PPB, coins, openPrices };
  }

  /** A real feed's live prices: each track's latest trade (tracks without one yet are left out). */
  function feedPricesFor(round: StoredRound, nowMs: number) {
    const feed = deps.feed;
    if (!feed) return null;
    const step = stepAt(nowMs);
    const prices = round.state.terms.tracks.flatMap((symbol) => {
      const trade = feed.latest(symbol);
      return trade ? [{ symbol, price: trade.price.toString() }] : [];
    });
    return { step, atMs: stepTimeMs(step), prices };
  }

  function pricesFor(round: StoredRound, nowMs: number) {
    const { terms } = round.state;
    if (terms.feed.kind === 'external') return feedPricesFor(round, nowMs);
    if (terms.feed.kind !== 'simulated' || !round.seed) return null;
    const feed = terms.feed;
    const endStep = stepAt(terms.timeline.raceEndsAtMs);
    const step = Math.max(feed.openStep, Math.min(stepAt(nowMs), endStep));
    if (!path || path.roundId !== round.id || path.step > step) {
      path = {
        roundId: round.id,
        seed: round.seed,
        coins: prepareCoins(feed.coins),
        reversionPpb: feed.reversionPpb,
        step: feed.openStep,
        prices: feed.openPrices.map((price) => BigInt(price)),
        endStep,
      };
    }
    if (step > path.step) {
      path.prices = advancePrices(path.coins, path.prices, path.seed, path.step, step, path.reversionPpb);
      path.step = step;
    }
    return {
      step,
      atMs: stepTimeMs(step),
      prices: terms.tracks.map((symbol, lane) => ({ symbol, price: path!.prices[lane]!.toString() })),
    };
  }

  /**
   * The play-task reward (task 411004) is credited by the tasks module's job after settlement, outside the race: for
   * REWARD_WATCH_MS after a round settles, each player whose job succeeded hears `balance` once, so the page refetches
   * the balance. None of it lives in this node's memory: the rounds are the ones whose `settled_at` is in the window
   * and the players told are game_reward_notices rows, so a driver that took the lease over (the last one crashed or
   * moved on) tells the players the last one had not. A notice is recorded by the statement that finds its job
   * succeeded and sent after it commits: two drivers never both send it, and a crash between the two loses that one
   * notice rather than repeating it (the live bus is at most once anyway). The jobs are the ones this module enqueued
   * (settle-round.ts, their keys), read by key, not imported.
   */
  async function announceRewards(nowMs: number): Promise<void> {
    for (const roundId of await roundsSettledSince(db, nowMs - REWARD_WATCH_MS)) {
      const prefix = `${PLAY_GAME_JOB_KEY_PREFIX}${roundId}:`;
      // Only a job that completed the task credited something (its result names the reward); a later round of the
      // same UTC day completes nothing, and its player is told nothing.
      const told = await queryRows<{ user_id: string; asset: string; amount: string }>(
        db,
        sql`with credited as (
              select substr(${jobs.key}, ${prefix.length + 1})::uuid as user_id,
                ${jobs.result}->'reward'->>'asset' as asset, ${jobs.result}->'reward'->>'amount' as amount
              from ${jobs}
              where ${jobs.key} like ${`${prefix}%`} and ${jobs.state} = 'succeeded'
                and ${jobs.result}->'reward'->>'amount' is not null
            ), noted as (
              insert into ${gameRewardNotices} (round_id, user_id)
              select ${roundId}::text, user_id from credited
              on conflict do nothing
              returning user_id
            )
            select noted.user_id::text as user_id, credited.asset, credited.amount
            from noted join credited on credited.user_id = noted.user_id`,
      );
      for (const { user_id: playerId, asset, amount } of told) {
        if (asset !== 'POINT' && asset !== 'OJO') continue;
        await publish(playerId, {
          type: 'balance',
          roundId,
          reason: 'task_reward',
          reward: { currency: asset, amount },
        });
      }
    }
  }

  /** One pass: every active round moved along, the next announced, prices and pools published. */
  async function tick(): Promise<void> {
    const nowMs = deps.now();
    ticks += 1;
    // The driving node connects to a real feed (idempotent; a node that never drives never connects).
    deps.feed?.start();
    const rounds = await activeRounds(db);
    for (const round of rounds) await driveRound(round, nowMs);
    await announceNext(rounds, nowMs);
    if (ticks % 4 === 0) await announceRewards(nowMs);
    const onScreen = rounds.find((round) => round.phase !== 'upcoming' && round.phase !== 'finished');
    const shown = onScreen ?? rounds.find((round) => round.phase === 'upcoming');
    if (shown) {
      const tickMessage = pricesFor(shown, nowMs);
      if (tickMessage) await publish(null, { type: 'prices', tick: tickMessage });
      if (shown.phase === 'betting' && ticks % 4 === 0)
        await publish(null, { type: 'pools', roundId: shown.id, pools: await poolsOf(db, shown.state) });
    }
  }

  return { tick };
}

function marketPricesAt(market: MarketSimulator | undefined, nowMs: number): Record<string, bigint> | null {
  if (!market) return null;
  try {
    return market.pricesAtStep(stepAt(nowMs));
  } catch {
    return null;
  }
}
