import { formatCountdown, type PhaseClock } from '../race';
import type { DashRoundView } from '../state';

const PHASE_NAMES: Record<DashRoundView['phase'], string> = {
  upcoming: 'Next round',
  betting: 'Betting open',
  racing: 'Racing',
  settling: 'Settling',
  results: 'Results',
  finished: 'Finished',
};

/** The round's phase and its countdown. */
export function PhaseBar({ round, clock }: { round: DashRoundView; clock: PhaseClock }) {
  const total = phaseLength(round);
  const fraction = clock.remainingMs === null || total <= 0 ? 0 : Math.min(1, clock.remainingMs / total);
  return (
    <div
      className={`phase phase--${round.phase}`}
      data-phase={round.phase}
      data-round-id={round.terms.roundId}
    >
      <div className="phase__row">
        <span className="phase__name">{PHASE_NAMES[round.phase]}</span>
        <span className="phase__round">Round {shortRoundId(round.terms.roundId)}</span>
      </div>
      <div className="phase__row">
        <span className="phase__label">{clock.label}</span>
        <span className="phase__clock" role="timer" aria-live="off">
          {clock.remainingMs === null ? '…' : formatCountdown(clock.remainingMs)}
        </span>
      </div>
      <div className="phase__meter" aria-hidden>
        <div className="phase__meter-fill" style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
      </div>
    </div>
  );
}

function phaseLength(round: DashRoundView): number {
  const { opensAtMs, closesAtMs, raceEndsAtMs, resultsEndAtMs } = round.terms.timeline;
  if (round.phase === 'betting') return closesAtMs - opensAtMs;
  if (round.phase === 'racing') return raceEndsAtMs - closesAtMs;
  if (round.phase === 'results') return resultsEndAtMs - raceEndsAtMs;
  return 0;
}

/** The end of a round id, enough to tell rounds apart on screen. */
export function shortRoundId(roundId: string): string {
  return roundId.length > 10 ? `…${roundId.slice(-8)}` : roundId;
}
