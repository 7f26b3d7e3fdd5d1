import { advance, createDashRound, type DashEvent, type DashRound } from '@ojo/domain/game/dash/round';
import { DEFAULT_DASH_CONFIG } from '@ojo/domain/game/dash/rules';
import type { DashBet } from '@ojo/domain/game/dash/settle';
import { createDashTerms } from '@ojo/domain/game/dash/terms';
import { type PublishedDashRound, publishRound, simulatedSnapshots } from '@ojo/domain/game/dash/verify';
import { coinParams, DEFAULT_MARKET_COINS } from '@ojo/domain/game/market/coins';
import { describe, expect, it } from 'vitest';
import { buildVerifyView } from './verify-view';

const SEED = '5eed'.repeat(16);
const OPENS = 1_750_000_000_000;
const TRACKS = ['BTC', 'ETH', 'SOL', 'DOGE', 'PEPE'];

/** A settled simulated round, played with the domain's state machine as the API plays it, and published. */
function publishedRound(): PublishedDashRound {
  const coins = TRACKS.map((symbol) =>
    coinParams(DEFAULT_MARKET_COINS.find((coin) => coin.symbol === symbol)!),
  );
  const terms = createDashTerms({
    roundId: 'dash-verify-1',
    tracks: TRACKS,
    opensAtMs: OPENS,
    config: DEFAULT_DASH_CONFIG,
    feed: {
      kind: 'simulated',
      reversionPpb: 0,
      coins,
      openPrices: coins.map((coin) => BigInt(coin.basePrice)),
    },
  });
  const bets: DashBet[] = TRACKS.map((track, lane) => ({
    betId: `bet-${lane}`,
    playerId: `p${lane}`,
    currency: 'OJO',
    track,
    amount: BigInt(1000 + lane * 250),
  }));
  const snapshots = simulatedSnapshots(terms, SEED);
  const { timeline } = terms;
  let state: DashRound = createDashRound(terms, SEED);
  const transfers: { betId: string; currency: 'OJO' | 'POINT'; amount: bigint }[] = [];
  const steps: [DashEvent, number][] = [
    [{ type: 'tick' }, timeline.opensAtMs],
    ...bets.map((bet): [DashEvent, number] => [{ type: 'bet.place', ...bet }, timeline.opensAtMs + 1000]),
    [{ type: 'tick' }, timeline.closesAtMs],
    [{ type: 'snapshot', kind: 'start', snapshot: snapshots.start }, timeline.closesAtMs + 10],
    [{ type: 'snapshot', kind: 'end', snapshot: snapshots.end }, timeline.raceEndsAtMs + 10],
    [{ type: 'settle', bets }, timeline.raceEndsAtMs + 20],
  ];
  for (const [event, now] of steps) {
    const result = advance(state, event, now);
    expect(result.refusal).toBeNull();
    state = result.state;
    for (const effect of result.effects)
      if (effect.type === 'payout')
        transfers.push({ betId: effect.betId, currency: effect.currency, amount: effect.amount });
  }
  return publishRound({
    round: state,
    seed: SEED,
    bets: bets.map((bet) => ({ ...bet, placedAtMs: timeline.opensAtMs + 1000 })),
    transfers,
  });
}

describe('the verify page recomputes a round in the browser from its published data', () => {
  it('shows the commitment, the seed, the recomputed winners and payouts, and that they match', () => {
    const doc = publishedRound();
    const view = buildVerifyView(doc);
    expect(view.matches).toBe(true);
    expect(view.commitment).toBe(doc.commitment);
    expect(view.feed).toEqual({ kind: 'simulated', seed: SEED });
    expect(view.checks.every((check) => check.ok)).toBe(true);
    expect(doc.outcome.kind).toBe('settled');
    expect(view.recomputedWinners).toEqual(view.storedWinners);
    expect(
      view.tracks
        .filter((track) => track.recomputedWinner)
        .map((track) => track.symbol)
        .sort(),
    ).toEqual([...(view.storedWinners ?? [])].sort());
    expect(view.tracks.map((track) => track.symbol)).toEqual(TRACKS);
    expect(view.tracks[0]!.change).toMatch(/^-?\d+\.\d\d%$/);
    expect(view.tracks[0]!.startSource).toBeNull();
    // Every bet: winners get their recomputed payout, the others nothing; each equals what was paid.
    expect(view.transfers).toHaveLength(5);
    expect(view.transfers.every((row) => row.matches)).toBe(true);
    const paid = view.transfers
      .filter((row) => row.recomputed !== '0')
      .map((row) => row.track)
      .sort();
    expect(paid).toEqual([...(view.storedWinners ?? [])].sort());
  });

  it("shows each currency's books with the fee, carry and remainder, naming points FishXP", () => {
    const doc = publishedRound();
    const view = buildVerifyView(doc);
    expect(view.feeBps).toBe(500);
    if (doc.outcome.kind !== 'settled') throw new Error('the round should settle');
    const ojo = doc.outcome.currencies.OJO;
    expect(view.books).toEqual([
      {
        currency: 'OJO',
        label: 'OJO',
        bets: 5,
        stakes: ojo.stakes,
        carryIn: '0',
        fee: ojo.fee,
        remainder: ojo.remainder,
        paidOut: ojo.paidOut,
        refunded: null,
        carryOut: ojo.carryOut,
      },
      {
        currency: 'POINT',
        label: 'FishXP',
        bets: 0,
        stakes: '0',
        carryIn: '0',
        fee: '0',
        remainder: '0',
        paidOut: '0',
        refunded: null,
        carryOut: '0',
      },
    ]);
    // 5 % of 1000 + 1250 + 1500 + 1750 + 2000 staked.
    expect(ojo.fee).toBe('375');
    expect(BigInt(ojo.paidOut) + BigInt(ojo.fee) + BigInt(ojo.remainder) + BigInt(ojo.carryOut)).toBe(
      BigInt(ojo.stakes) + BigInt(ojo.carryIn),
    );
  });

  it('says plainly when the stored result does not match: a changed payout, a changed price, another seed', () => {
    const doc = publishedRound();
    const payout = structuredClone(doc) as { payouts: { amount: string }[] } & PublishedDashRound;
    payout.payouts[0]!.amount = String(BigInt(payout.payouts[0]!.amount) + 1n);
    const changedPayout = buildVerifyView(payout);
    expect(changedPayout.matches).toBe(false);
    expect(changedPayout.checks.at(-1)).toMatchObject({ check: 'transfers', ok: false });
    expect(changedPayout.transfers.some((row) => !row.matches)).toBe(true);

    const price = structuredClone(doc) as {
      endSnapshot: { quotes: { price: string }[] };
    } & PublishedDashRound;
    price.endSnapshot.quotes[0]!.price = '1';
    expect(buildVerifyView(price).matches).toBe(false);
    expect(buildVerifyView({ ...doc, seed: 'ab'.repeat(32) }).checks.find((check) => !check.ok)?.check).toBe(
      'commitment',
    );
  });
});
