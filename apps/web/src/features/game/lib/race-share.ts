import { buildRaceShareText } from '@ojo/domain/share/race-share';
import { buildXShareUrl, type ShareBrand } from '@ojo/domain/share/share-text';

/** What the frame says of the race the player shares (SHARE_RACE). */
export interface SharedRace {
  outcome: 'win' | 'loss';
  picked?: number | undefined;
  hits?: number | undefined;
  raceSeconds?: number | undefined;
}

/**
 * The X post of a race: a win or loss line from the server's messages, or the built-in lines when they could not be
 * loaded (product.md 8), telling what the player called and how long the race ran, with the brand's tags and the invite
 * link (product.md 9).
 */
export function raceShareUrl(input: {
  messages: { win: readonly string[]; loss: readonly string[] } | null | undefined;
  race: SharedRace;
  referralLink: string;
  brand: ShareBrand;
  random?: number;
}): string {
  const { race } = input;
  const text = buildRaceShareText({
    facts: {
      outcome: race.outcome,
      picked: race.picked ?? 0,
      hits: race.hits ?? 0,
      raceSeconds: race.raceSeconds ?? null,
    },
    serverLines: input.messages?.[race.outcome] ?? null,
    random: input.random ?? Math.random(),
    referralLink: input.referralLink,
    brand: input.brand,
  });
  return buildXShareUrl(text);
}
