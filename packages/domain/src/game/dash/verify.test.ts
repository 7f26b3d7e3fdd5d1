import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bet, OTHER_SEED, playRound, run, simulatedRound } from '../../../test/dash-fixture';
import { canonicalJson } from '../fair';
import { advance, createDashRound } from './round';
import { DEFAULT_DASH_CONFIG } from './rules';
import { createDashTerms, dashCommitment } from './terms';
import { type PublishedDashRound, publishRound, simulatedSnapshots, verifyRound } from './verify';

const simulated = simulatedRound();
const [A, B, C, D] = simulated.terms.tracks as [string, string, string, string, string];
const BETS = [
  bet('b1', 'alice', A, 500n),
  bet('b2', 'bob', B, 1200n),
  bet('b3', 'carol', C, 999n),
  bet('b4', 'alice', D, 200n),
  bet('b5', 'dave', A, 5000n, 'POINT'),
  bet('b6', 'erin', C, 700n, 'POINT'),
];
const played = playRound(simulated, BETS);

function failed(doc: PublishedDashRound) {
  const report = verifyRound(doc);
  expect(report.valid).toBe(false);
  return report.checks.find((check) => !check.ok)!;
}

describe("ARCHITECTURE.md (The coin race) Provably fair: 'a page and npm run verify:round recompute the result from that data alone'", () => {
  it('the result recomputed from the published data equals the stored one', () => {
    const report = verifyRound(played.published);
    expect(report.checks.map((check) => [check.check, check.ok])).toEqual([
      ['terms', true],
      ['commitment', true],
      ['snapshots', true],
      ['bets', true],
      ['outcome', true],
      ['transfers', true],
    ]);
    expect(report.valid).toBe(true);
    expect(report.recomputed).toEqual(played.state.outcome);
    // The document is JSON: it survives a trip through JSON.stringify unchanged.
    const roundTrip = JSON.parse(JSON.stringify(played.published)) as PublishedDashRound;
    expect(verifyRound(roundTrip).valid).toBe(true);
  });

  it('the live market and the revealed seed give the same snapshots (what the round recorded is what the seed proves)', () => {
    const fromSeed = simulatedSnapshots(simulated.terms, simulated.seed);
    expect(fromSeed.start).toEqual(played.state.startSnapshot);
    expect(fromSeed.end).toEqual(played.state.endSnapshot);
  });

  it('the commitment published before betting opens hides the seed and binds the terms', () => {
    expect(played.published.commitment).toBe(simulated.round.commitment);
    expect(simulated.round.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalJson(simulated.round)).not.toContain(simulated.seed);
    expect(dashCommitment(simulated.terms, OTHER_SEED)).not.toBe(simulated.round.commitment);
  });

  it('property: any round of random bets verifies', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            lane: fc.integer({ min: 0, max: 4 }),
            amount: fc.bigInt({ min: 200n, max: 10n ** 12n }),
            points: fc.boolean(),
          }),
          {
            maxLength: 25,
          },
        ),
        (picks) => {
          const bets = picks.map((p, i) =>
            bet(`b${i}`, `p${i % 5}`, simulated.terms.tracks[p.lane]!, p.amount, p.points ? 'POINT' : 'OJO'),
          );
          const { published, state } = playRound(simulated, bets);
          const report = verifyRound(published);
          expect(report.valid).toBe(true);
          expect(report.recomputed).toEqual(state.outcome);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('a tampered publication fails verification', () => {
  it('a different seed does not open the commitment', () => {
    expect(failed({ ...played.published, seed: OTHER_SEED })).toMatchObject({
      check: 'commitment',
      ok: false,
    });
  });

  it('changed terms do not open the commitment either (fee, tracks, carried pool)', () => {
    expect(failed({ ...played.published, terms: { ...played.published.terms, feeBps: 0 } }).check).toBe(
      'commitment',
    );
    const tracks = [...played.published.terms.tracks].reverse();
    expect(failed({ ...played.published, terms: { ...played.published.terms, tracks } }).check).toBe('terms');
  });

  it('a changed start or end price is caught against the seed', () => {
    const { startSnapshot, endSnapshot } = played.published;
    const bump = (s: typeof startSnapshot) => ({
      ...s!,
      quotes: s!.quotes.map((q, i) => (i === 0 ? { ...q, price: (BigInt(q.price) + 1n).toString() } : q)),
    });
    expect(failed({ ...played.published, startSnapshot: bump(startSnapshot) })).toMatchObject({
      check: 'snapshots',
    });
    expect(failed({ ...played.published, endSnapshot: bump(endSnapshot) }).detail).toContain('end snapshot');
    expect(failed({ ...played.published, endSnapshot: null }).detail).toContain('both snapshots');
  });

  it('changed bets, books, winners or payouts are caught', () => {
    const doc = played.published;
    const bets = doc.bets.map((b) => (b.betId === 'b1' ? { ...b, amount: '501' } : b));
    expect(failed({ ...doc, bets }).check).toBe('outcome');
    const late = doc.bets.map((b) =>
      b.betId === 'b2' ? { ...b, placedAtMs: doc.terms.timeline.closesAtMs } : b,
    );
    expect(failed({ ...doc, bets: late }).check).toBe('bets');
    expect(failed({ ...doc, bets: [...doc.bets, doc.bets[0]!] }).check).toBe('bets');
    expect(failed({ ...doc, bets: doc.bets.map((b) => ({ ...b, amount: '199' })) }).detail).toContain(
      'below the minimum',
    );
    expect(failed({ ...doc, bets: doc.bets.map((b) => ({ ...b, track: 'NOPE' })) }).check).toBe('bets');
    if (doc.outcome.kind !== 'settled') throw new Error('expected a settled round');
    const winners = [...doc.outcome.winners].reverse();
    const swapped = failed({ ...doc, outcome: { ...doc.outcome, winners } });
    expect(swapped.check).toBe('outcome');
    const books = { ...doc.outcome.currencies, OJO: { ...doc.outcome.currencies.OJO, fee: '0' } };
    expect(failed({ ...doc, outcome: { ...doc.outcome, currencies: books } }).check).toBe('outcome');
    const payouts = doc.payouts.map((p, i) =>
      i === 0 ? { ...p, amount: (BigInt(p.amount) + 1n).toString() } : p,
    );
    expect(failed({ ...doc, payouts }).check).toBe('transfers');
    expect(failed({ ...doc, payouts: doc.payouts.slice(1) }).check).toBe('transfers');
    const currency = doc.payouts.map((p, i) =>
      i === 0 ? { ...p, currency: p.currency === 'OJO' ? ('POINT' as const) : ('OJO' as const) } : p,
    );
    expect(failed({ ...doc, payouts: currency }).detail).toContain('wrong currency');
  });

  it('names the real winners when the published ones are wrong', () => {
    if (played.published.outcome.kind !== 'settled') throw new Error('a settled round expected');
    const doc = { ...played.published, outcome: { ...played.published.outcome, winners: ['BTC', 'ETH'] } };
    expect(failed(doc).detail).toMatch(/^the snapshots make .+ the winners, not BTC and ETH$/);
  });

  it('never throws on malformed input', () => {
    const junk: unknown[] = [
      {},
      { format: 'ojo-dash-round/v1' },
      { ...played.published, bets: null },
      { ...played.published, terms: { ...played.published.terms, feed: null } },
    ];
    for (const doc of junk) {
      const report = verifyRound(doc as PublishedDashRound);
      expect(report.valid).toBe(false);
    }
    expect(verifyRound({ ...played.published, seed: 'not hex' }).checks[1]!.detail).toMatch(
      /^malformed data/,
    );
  });
});

describe('void rounds and real feeds are published and verified too', () => {
  it('a cancelled round publishes its refunds, and they verify', () => {
    const { terms, round } = simulated;
    const bets = BETS.slice(0, 3);
    const { state, effects } = run(round, [
      ...bets.map((b) => [{ type: 'bet.place', ...b }, terms.timeline.opensAtMs + 10] as const),
      [{ type: 'cancel', detail: 'maintenance' }, terms.timeline.opensAtMs + 20],
      [{ type: 'settle', bets }, terms.timeline.opensAtMs + 30],
    ] as const);
    const transfers = effects.flatMap((e) =>
      e.type === 'refund' ? [{ betId: e.betId, currency: e.currency, amount: e.amount }] : [],
    );
    const published = publishRound({
      round: state,
      seed: simulated.seed,
      bets: bets.map((b) => ({ ...b, placedAtMs: terms.timeline.opensAtMs + 10 })),
      transfers,
    });
    expect(published.refunds).toHaveLength(3);
    expect(published.payouts).toEqual([]);
    expect(verifyRound(published).valid).toBe(true);
    const short = { ...published, refunds: published.refunds.map((r) => ({ ...r, amount: '1' })) };
    expect(failed(short).check).toBe('transfers');
  });

  it('a round on a real feed commits to its terms alone and verifies from snapshots with trade ids', () => {
    const terms = createDashTerms({
      roundId: 'ext-7',
      tracks: simulated.terms.tracks,
      opensAtMs: 1_760_000_000_123,
      config: DEFAULT_DASH_CONFIG,
      feed: { kind: 'external', source: 'exchange:spot' },
    });
    const quote = (symbol: string, price: string, time: number, i: number) => ({
      symbol,
      price,
      sourceTimeMs: time,
      tradeId: `t${time}-${i}`,
    });
    const start = {
      atMs: terms.timeline.closesAtMs,
      quotes: terms.tracks.map((s, i) => quote(s, `${1000 + i}`, terms.timeline.closesAtMs - 300, i)),
    };
    const end = {
      atMs: terms.timeline.raceEndsAtMs,
      quotes: terms.tracks.map((s, i) => quote(s, `${1000 + i * i}`, terms.timeline.raceEndsAtMs, i)),
    };
    const bets = [bet('x', 'p', terms.tracks[4]!, 400n), bet('y', 'q', terms.tracks[0]!, 400n)];
    const { state, effects } = run(createDashRound(terms, null), [
      ...bets.map((b) => [{ type: 'bet.place', ...b }, terms.timeline.opensAtMs] as const),
      [{ type: 'snapshot', kind: 'start', snapshot: start }, terms.timeline.closesAtMs + 500],
      [{ type: 'snapshot', kind: 'end', snapshot: end }, terms.timeline.raceEndsAtMs + 500],
      [{ type: 'settle', bets }, terms.timeline.raceEndsAtMs + 600],
    ] as const);
    const transfers = effects.flatMap((e) =>
      e.type === 'payout' ? [{ betId: e.betId, currency: e.currency, amount: e.amount }] : [],
    );
    expect(state.outcome?.kind === 'settled' && state.outcome.winners).toEqual([
      terms.tracks[4],
      terms.tracks[3],
    ]);
    const published = publishRound({
      round: state,
      seed: null,
      bets: bets.map((b) => ({ ...b, placedAtMs: terms.timeline.opensAtMs })),
      transfers,
    });
    expect(verifyRound(published).valid).toBe(true);
    const stale = {
      ...published,
      endSnapshot: { ...end, quotes: end.quotes.map((q) => ({ ...q, sourceTimeMs: q.sourceTimeMs - 5000 })) },
    };
    expect(failed(stale).check).toBe('snapshots');
  });

  it('only a settled round is published, and only a simulated round has a seeded path', () => {
    expect(() =>
      publishRound({ round: simulated.round, seed: simulated.seed, bets: [], transfers: [] }),
    ).toThrow('settled');
    const external = createDashTerms({
      roundId: 'ext-8',
      tracks: simulated.terms.tracks,
      opensAtMs: 1_760_000_000_000,
      config: DEFAULT_DASH_CONFIG,
      feed: { kind: 'external', source: 'x' },
    });
    expect(() => simulatedSnapshots(external, simulated.seed)).toThrow('simulated');
    expect(advance(createDashRound(external, null), { type: 'tick' }, 0).state.phase).toBe('upcoming');
  });
});
