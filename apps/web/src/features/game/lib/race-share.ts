import { buildRaceShareText } from '@ojo/domain/game/dash/share';
import { buildXShareUrl } from '@ojo/domain/share/share-text';

/**
 * The X post of a race (spec 9 'Race game share text mentions about 30 seconds of racing'): a win or loss line from
 * the server's messages, or the built-in lines when they could not be loaded (spec 8), with the invite link.
 */
export function raceShareUrl(input: {
  messages: { win: readonly string[]; loss: readonly string[] } | null | undefined;
  outcome: 'win' | 'loss';
  referralLink: string;
  random?: number;
}): string {
  const text = buildRaceShareText({
    serverLines: input.messages?.[input.outcome] ?? null,
    outcome: input.outcome,
    random: input.random ?? Math.random(),
    referralLink: input.referralLink,
  });
  return buildXShareUrl(text);
}
