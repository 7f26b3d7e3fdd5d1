import { describe, expect, it } from 'vitest';
import { simulatedRound } from '../../../test/dash-fixture';
import { DEFAULT_DASH_CONFIG, dashConfigProblem, dashPhasesProblem } from './rules';
import { dashTermsProblem, dashTimeline } from './terms';

const { terms } = simulatedRound();

describe('shorter phases for tests and demos, committed with the round', () => {
  const short = { bettingMs: 3000, raceMs: 2000, resultsMs: 1000 };

  it('times a round with the configured phases and accepts its terms', () => {
    const timeline = dashTimeline(terms.timeline.opensAtMs, short);
    expect(timeline.closesAtMs - timeline.opensAtMs).toBe(3000);
    expect(timeline.resultsEndAtMs - timeline.opensAtMs).toBe(6000);
    expect(dashTermsProblem({ ...terms, timeline })).toBeNull();
    expect(dashConfigProblem({ ...DEFAULT_DASH_CONFIG, phasesMs: short })).toBeNull();
  });

  it('refuses phases under 1 s, off the 250 ms steps, or longer than the rules', () => {
    for (const phases of [
      { ...short, bettingMs: 750 },
      { ...short, raceMs: 2100 },
      { ...short, resultsMs: 10_250 },
      { ...short, bettingMs: 30_250 },
    ]) {
      expect(dashPhasesProblem(phases)).toContain('30 s of betting');
      expect(
        dashTermsProblem({ ...terms, timeline: dashTimeline(terms.timeline.opensAtMs, phases) }),
      ).toContain('30 s of betting');
    }
  });
});
