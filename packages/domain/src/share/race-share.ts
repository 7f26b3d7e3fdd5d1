import {
  CALL_PLACEHOLDER,
  finishShareText,
  LINK_PLACEHOLDER,
  SECONDS_PLACEHOLDER,
  type ShareBrand,
} from './share-text';

/** What the player did in the race they share: it is what the post says. */
export interface RaceShareFacts {
  readonly outcome: 'win' | 'loss';
  /** Coins the player bet on. */
  readonly picked: number;
  /** Of those, the coins that finished among the winners. */
  readonly hits: number;
  /** The race's length, from the round's own timeline (GAME_RACE_MS); null when not known. */
  readonly raceSeconds: number | null;
}

/**
 * product.md 8: 'Share text unavailable: Falls back to built-in win and loss lines.' The lines are templates: {call} is
 * what the player called (describeRaceCall), {seconds} the race's length, {link} the invite link; the mention,
 * hashtag and $OJO are added by the builder. One line of each kind names no length, for a round whose length is not
 * known.
 */
export const WIN_FALLBACK_LINES: readonly string[] = [
  `${CALL_PLACEHOLDER} in a ${SECONDS_PLACEHOLDER}-second coin race on {product}. Race me: ${LINK_PLACEHOLDER}`,
  `${SECONDS_PLACEHOLDER} seconds of racing: ${CALL_PLACEHOLDER}. Think you can read the market better? ${LINK_PLACEHOLDER}`,
  `${CALL_PLACEHOLDER} and took a share of the pool on {product}. Your turn: ${LINK_PLACEHOLDER}`,
];
export const LOSS_FALLBACK_LINES: readonly string[] = [
  `${CALL_PLACEHOLDER} after ${SECONDS_PLACEHOLDER} seconds of racing, but I'll be back. Race me: ${LINK_PLACEHOLDER}`,
  `A ${SECONDS_PLACEHOLDER}-second race on {product}: ${CALL_PLACEHOLDER}. Join me for the rematch: ${LINK_PLACEHOLDER}`,
  `${CALL_PLACEHOLDER} this round on {product}. Think you can read the market better? ${LINK_PLACEHOLDER}`,
];

/**
 * Whether an operator's line can be shared: it says what the player called only through {call} and carries the
 * invite link ({link}), and states no number of its own (a length or a count written out would be wrong as soon as
 * the race or the player's picks differ; {seconds} gives the length).
 */
export function isRaceShareTemplate(line: string): boolean {
  if (!line.includes(CALL_PLACEHOLDER) || !line.includes(LINK_PLACEHOLDER)) return false;
  const words = line.split(CALL_PLACEHOLDER).join(' ').split(SECONDS_PLACEHOLDER).join(' ');
  return !/\d/.test(words) && !NUMBER_WORDS.test(words);
}
const NUMBER_WORDS = /\b(one|two|three|four|five|six|seven|eight|nine|ten|both|twice|dozen)\b/i;

/** The lines of a kind a share can use: the operator's usable ones, else the built-in ones. */
export function raceShareLines(
  lines: readonly string[] | null | undefined,
  outcome: 'win' | 'loss',
): string[] {
  const usable = (lines ?? []).filter(isRaceShareTemplate);
  if (usable.length > 0) return usable;
  return [...(outcome === 'win' ? WIN_FALLBACK_LINES : LOSS_FALLBACK_LINES)];
}

/** What the player called, in a clause that starts with 'I' ('I picked 2 coins and 1 of them won'). */
export function describeRaceCall(facts: Pick<RaceShareFacts, 'outcome' | 'picked' | 'hits'>): string {
  const picked = Math.max(0, Math.floor(facts.picked));
  const hits = Math.min(picked, Math.max(0, Math.floor(facts.hits)));
  if (picked === 0) return facts.outcome === 'win' ? 'I won the coin race' : 'I lost the coin race';
  const coins = `${picked} coin${picked === 1 ? '' : 's'}`;
  if (facts.outcome === 'loss' || hits === 0) {
    return picked === 1 ? 'I picked 1 coin and it missed the top' : `I picked ${coins} and none of them won`;
  }
  if (hits === picked)
    return picked === 1 ? 'I picked 1 coin and it won' : `I picked ${coins} and all ${picked} won`;
  return `I picked ${coins} and ${hits} of them won`;
}

/**
 * The race share (product.md 9, product.md 8 fallback): a line of the player's outcome, from the operator's usable lines or the
 * built-in ones, filled with what the player called, the race's length and the invite link, plus the brand's
 * mention, hashtag and $OJO. A line that names the length is left out when the length is not known.
 */
export function buildRaceShareText(input: {
  readonly facts: RaceShareFacts;
  readonly serverLines: readonly string[] | null | undefined;
  /** A random number in [0, 1) from the caller. */
  readonly random: number;
  readonly referralLink: string;
  readonly brand: ShareBrand;
}): string {
  const { facts } = input;
  const seconds = facts.raceSeconds !== null && facts.raceSeconds > 0 ? Math.round(facts.raceSeconds) : null;
  const all = raceShareLines(input.serverLines, facts.outcome);
  const fitting = seconds === null ? all.filter((line) => !line.includes(SECONDS_PLACEHOLDER)) : all;
  const lines = fitting.length > 0 ? fitting : raceShareLines(null, facts.outcome).slice(-1);
  const clamped = Number.isFinite(input.random) ? Math.min(Math.max(input.random, 0), 0.999_999_999) : 0;
  const line = lines[Math.floor(clamped * lines.length)] ?? '';
  const call = describeRaceCall(facts);
  const filled = line.split(SECONDS_PLACEHOLDER).join(String(seconds)).split(CALL_PLACEHOLDER).join(call);
  return finishShareText(filled, input.brand, input.referralLink);
}
