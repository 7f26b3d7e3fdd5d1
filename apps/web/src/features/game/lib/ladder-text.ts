import { formatAmount } from '@ojo/domain/format/amount';

/** A season result (payouts minus stakes) with its sign: '+84', '-300', '0'. */
export function signedResult(result: string): string {
  if (result.startsWith('-')) return `-${formatAmount(result.slice(1))}`;
  return result === '0' ? '0' : `+${formatAmount(result)}`;
}

/** Why a ladder row wins no rank prize yet: the settled bets it lacks. */
export function eligibilityNote(bets: number, minBets: number): string {
  const missing = Math.max(minBets - bets, 0);
  return `Not eligible: ${missing} more ${missing === 1 ? 'bet' : 'bets'}`;
}

/**
 * The season draw in a sentence. A pool too small to give each draw prize a whole unit pays no draw prize (the
 * settlement carries it), so it says that rather than promising prizes of 0.
 */
export function drawPrizesText(draw: { prizes: number; amountEach: string }, unit: string): string {
  if (draw.prizes === 0) return 'This season has no ticket draw.';
  if (draw.amountEach === '0')
    return `${draw.prizes} draw prizes once the pool has grown: for now it is too small to pay one.`;
  return `${draw.prizes} draw prizes of ${formatAmount(draw.amountEach)} ${unit}.`;
}
