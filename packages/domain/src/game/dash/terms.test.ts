import { describe, expect, it } from 'vitest';
import { OTHER_SEED, SEED, simulatedRound } from '../../../test/dash-fixture';
import { DEFAULT_MARKET_COINS } from '../market/coins';
import { DASH_ROUND_MS, DEFAULT_DASH_CONFIG, dashConfigProblem } from './rules';
import {
  createDashTerms,
  type DashRoundTerms,
  dashCommitment,
  dashTermsProblem,
  dashTimeline,
  drawTracks,
} from './terms';

const { terms } = simulatedRound();

describe("ARCHITECTURE.md (The coin race) Dash: 'rounds with 5 coins (tracks)' drawn from the feed's list", () => {
  it('draws 5 distinct coins of the list, in an order fixed by the seed', () => {
    const symbols = DEFAULT_MARKET_COINS.map((coin) => coin.symbol);
    const tracks = drawTracks(symbols, SEED);
    expect(tracks).toHaveLength(5);
    expect(new Set(tracks).size).toBe(5);
    for (const track of tracks) expect(symbols).toContain(track);
    expect(drawTracks(symbols, SEED)).toEqual(tracks);
    expect(drawTracks(symbols, OTHER_SEED)).not.toEqual(tracks);
    expect(() => drawTracks(['BTC', 'ETH', 'BTC', 'SOL', 'XRP'], SEED)).toThrow('fewer than 5');
  });

  it('times a round: 30 s betting, 20 s race, 10 s results, one round a minute', () => {
    expect(dashTimeline(60_000)).toEqual({
      opensAtMs: 60_000,
      closesAtMs: 90_000,
      raceEndsAtMs: 110_000,
      resultsEndAtMs: 120_000,
    });
    expect(DASH_ROUND_MS).toBe(60_000);
  });
});

describe('round terms: what the commitment binds', () => {
  it('are plain JSON with amounts as strings', () => {
    expect(JSON.parse(JSON.stringify(terms))).toEqual(terms);
    expect(terms.minStake).toEqual({ OJO: '200', POINT: '10' });
    expect(terms.carryIn).toEqual({ OJO: '0', POINT: '0' });
    expect(terms.feed.kind === 'simulated' && terms.feed.coins.map((coin) => coin.symbol)).toEqual(
      terms.tracks,
    );
  });

  it('names every problem of a bad terms document', () => {
    const bad = (patch: Partial<DashRoundTerms> | Record<string, unknown>) =>
      dashTermsProblem({ ...terms, ...patch } as DashRoundTerms);
    expect(dashTermsProblem(terms)).toBeNull();
    expect(bad({ format: 'x' })).toBe('not Dash round terms');
    expect(bad({ roundId: 'has space' })).toContain('roundId');
    expect(bad({ tracks: ['BTC'] })).toContain('exactly 5');
    expect(bad({ tracks: ['BTC', 'BTC', 'ETH', 'SOL', 'XRP'] })).toContain('distinct');
    expect(bad({ timeline: { ...terms.timeline, opensAtMs: -1 } })).toContain('opensAtMs');
    expect(bad({ timeline: { ...terms.timeline, closesAtMs: terms.timeline.closesAtMs + 1 } })).toContain(
      '30 s of betting',
    );
    expect(bad({ feeBps: 10_001 })).toContain('feeBps');
    expect(bad({ snapshotDeadlineMs: -5 })).toContain('snapshotDeadlineMs');
    expect(bad({ minStake: { OJO: '0', POINT: '200' } })).toContain('minStake.OJO');
    expect(bad({ maxStake: { OJO: '100', POINT: null } })).toContain('maxStake.OJO');
    expect(bad({ carryIn: { OJO: '-1', POINT: '0' } })).toContain('carryIn.OJO');
    if (terms.feed.kind !== 'simulated') throw new Error('simulated terms expected');
    const feed = terms.feed;
    expect(bad({ feed: { ...feed, priceDecimals: 8 } })).toContain('12 decimals');
    expect(bad({ feed: { ...feed, model: 'other' } })).toContain('simulator');
    expect(bad({ feed: { ...feed, reversionPpb: -1 } })).toContain('reversionPpb');
    expect(bad({ feed: { ...feed, openStep: feed.openStep + 1 } })).toContain('openStep');
    expect(bad({ feed: { ...feed, coins: feed.coins.slice(1) } })).toContain('one coin model per track');
    expect(bad({ feed: { ...feed, coins: [...feed.coins].reverse() } })).toContain('lane order');
    expect(bad({ feed: { ...feed, coins: feed.coins.map((c) => ({ ...c, volatilityPpb: -1 })) } })).toContain(
      'volatilityPpb',
    );
    expect(bad({ feed: { ...feed, openPrices: feed.openPrices.map(() => '0') } })).toContain('open price');
    expect(bad({ timeline: dashTimeline(terms.timeline.opensAtMs + 1) })).toContain('250 ms step');
    expect(bad({ feed: { kind: 'external', source: '', priceDecimals: 12, toleranceMs: 0 } })).toContain(
      'source',
    );
    expect(bad({ feed: { kind: 'external', source: 'x', priceDecimals: 12, toleranceMs: -1 } })).toContain(
      'toleranceMs',
    );
  });

  it('createDashTerms refuses a bad configuration or feed', () => {
    const input = {
      roundId: 'r1',
      tracks: terms.tracks,
      opensAtMs: terms.timeline.opensAtMs,
      config: DEFAULT_DASH_CONFIG,
      feed: { kind: 'external' as const, source: 'x' },
    };
    expect(createDashTerms(input).maxStake).toEqual({ OJO: null, POINT: null });
    expect(() => createDashTerms({ ...input, config: { ...DEFAULT_DASH_CONFIG, feeBps: 5000 } })).toThrow(
      'feeBps',
    );
    expect(() => createDashTerms({ ...input, roundId: '' })).toThrow('roundId');
  });

  it('the commitment takes a seed for a simulated round and none for a real feed', () => {
    expect(() => dashCommitment(terms, null)).toThrow(TypeError);
    const external = createDashTerms({
      roundId: 'e',
      tracks: terms.tracks,
      opensAtMs: 0,
      config: DEFAULT_DASH_CONFIG,
      feed: { kind: 'external', source: 'x' },
    });
    expect(() => dashCommitment(external, SEED)).toThrow(TypeError);
    expect(dashCommitment(external, null)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the operator configuration of Dash', () => {
  it('names what is wrong', () => {
    expect(dashConfigProblem(DEFAULT_DASH_CONFIG)).toBeNull();
    expect(dashConfigProblem({ ...DEFAULT_DASH_CONFIG, feeBps: 2001 })).toContain('feeBps');
    expect(dashConfigProblem({ ...DEFAULT_DASH_CONFIG, minStake: { OJO: 0n, POINT: 1n } })).toContain(
      'minStake.OJO',
    );
    expect(dashConfigProblem({ ...DEFAULT_DASH_CONFIG, maxStake: { OJO: null, POINT: 5n } })).toContain(
      'maxStake.POINT',
    );
    expect(dashConfigProblem({ ...DEFAULT_DASH_CONFIG, snapshotDeadlineMs: 999 })).toContain(
      'snapshotDeadlineMs',
    );
    expect(dashConfigProblem({ ...DEFAULT_DASH_CONFIG, externalToleranceMs: -1 })).toContain(
      'externalToleranceMs',
    );
  });
});
