import { describe, expect, it } from 'vitest';
import { type DashRoundView, type DashState, dashReducer, INITIAL_DASH_STATE, myResultOf } from './state';

const round = (roundId: string, phase: DashRoundView['phase'], outcome = false): DashRoundView =>
  ({
    terms: {
      roundId,
      tracks: ['AAA', 'BBB'],
      timeline: { opensAtMs: 0, closesAtMs: 1, raceEndsAtMs: 2, resultsEndAtMs: 3 },
    },
    commitment: 'a'.repeat(64),
    phase,
    pools: { OJO: { bets: 0, stakes: '0', byTrack: {} }, POINT: { bets: 0, stakes: '0', byTrack: {} } },
    startSnapshot: null,
    endSnapshot: null,
    voided: null,
    outcome: outcome ? { kind: 'settled', winners: ['AAA'], tracks: [], currencies: {} } : null,
    settledAtMs: null,
  }) as unknown as DashRoundView;

const apply = (state: DashState, view: DashRoundView) =>
  dashReducer(state, { type: 'round', serverTimeMs: 0, round: view }, 0);

describe('the rounds on screen', () => {
  it('keeps the running round when the next one is announced, then moves on when it opens', () => {
    let state = apply(INITIAL_DASH_STATE, round('r1', 'racing'));
    state = dashReducer(
      state,
      {
        type: 'bet',
        bet: {
          betId: 'b1',
          roundId: 'r1',
          currency: 'OJO',
          track: 'AAA',
          amount: '200',
          revision: 0,
          placedAtMs: 0,
          status: 'active',
          returned: null,
        },
      },
      0,
    );
    state = apply(state, round('r2', 'upcoming'));
    expect(state.round?.terms.roundId).toBe('r1');
    expect(state.next?.terms.roundId).toBe('r2');
    state = apply(state, round('r1', 'results', true));
    expect(state.round?.outcome?.kind).toBe('settled');
    expect(Object.keys(state.myBets)).toEqual(['b1']);
    state = apply(state, round('r2', 'betting'));
    expect(state.round?.terms.roundId).toBe('r2');
    expect(state.next).toBeNull();
    expect(state.previous?.round.terms.roundId).toBe('r1');
    expect(Object.keys(state.previous?.myBets ?? {})).toEqual(['b1']);
    expect(state.history.map((entry) => entry.roundId)).toEqual(['r1']);
    // A late message of r1 changes r1's result only.
    state = apply(state, round('r1', 'finished', true));
    expect(state.round?.terms.roundId).toBe('r2');
    expect(state.previous?.round.phase).toBe('finished');
  });
});

describe("the player's own results in past rounds", () => {
  const myBet = (betId: string, roundId: string, amount: string, track = 'AAA') => ({
    type: 'bet' as const,
    bet: {
      betId,
      roundId,
      currency: 'POINT' as const,
      track,
      amount,
      revision: 0,
      placedAtMs: 0,
      status: 'active' as const,
      returned: null,
    },
  });

  it('reads older rounds from the snapshot, and keeps each played round as the rounds pass', () => {
    let state = dashReducer(
      INITIAL_DASH_STATE,
      {
        type: 'snapshot',
        protocol: 1,
        serverTimeMs: 0,
        round: round('r1', 'betting'),
        next: null,
        prices: null,
        history: [],
        myBets: [],
        myResults: [
          { roundId: 'r0', currency: 'OJO', staked: '400', returned: '380' },
          { roundId: 'r0', currency: 'POINT', staked: '10', returned: '0' },
        ],
      },
      0,
    );
    expect(myResultOf(state, 'r0')).toEqual({
      OJO: { staked: 400n, returned: 380n },
      POINT: { staked: 10n, returned: 0n },
    });
    // r1: 20 staked on two tracks, one wins and pays 19.
    state = dashReducer(state, myBet('b1', 'r1', '10', 'AAA'), 0);
    state = dashReducer(state, myBet('b2', 'r1', '10', 'BBB'), 0);
    state = apply(state, round('r1', 'results', true));
    state = dashReducer(
      state,
      { type: 'payout', roundId: 'r1', betId: 'b1', kind: 'payout', currency: 'POINT', amount: '19' },
      0,
    );
    const r1 = { OJO: { staked: 0n, returned: 0n }, POINT: { staked: 20n, returned: 19n } };
    expect(myResultOf(state, 'r1')).toEqual(r1);
    // r2 takes the screen (r1 is the previous round), then r3 (r1 is only in the history).
    state = apply(state, round('r2', 'betting'));
    expect(myResultOf(state, 'r1')).toEqual(r1);
    state = apply(state, round('r2', 'results', true));
    state = apply(state, round('r3', 'betting'));
    expect(state.previous?.round.terms.roundId).toBe('r2');
    expect(myResultOf(state, 'r1')).toEqual(r1);
    expect(myResultOf(state, 'r2')).toBeNull();
  });
});
