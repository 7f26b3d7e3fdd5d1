import { describe, expect, it } from 'vitest';
import { raceShareUrl } from './race-share';

const link = 'http://localhost:3000/?inviteCode=AB12CD&sourceType=web';
const brand = { productName: 'OJO Arena', mention: 'OJOArena', hashtag: 'OJOArena' };
const textOf = (url: string) => new URL(url).searchParams.get('text') ?? '';

describe('race share to X (product.md 9, product.md 8 fallback)', () => {
  it('fills a server line with what the player called, the race length and the invite link', () => {
    const url = raceShareUrl({
      messages: { win: ['{call} in {seconds} s! {link} @OJOArena #OJOArena $OJO'], loss: [] },
      race: { outcome: 'win', picked: 2, hits: 1, raceSeconds: 20 },
      referralLink: link,
      brand,
      random: 0,
    });
    expect(url.startsWith('https://x.com/intent/tweet?')).toBe(true);
    expect(textOf(url)).toBe(`I picked 2 coins and 1 of them won in 20 s! ${link} @OJOArena #OJOArena $OJO`);
  });

  it('falls back to the built-in lines when messages failed, still with the brand tags', () => {
    const text = textOf(
      raceShareUrl({
        messages: null,
        race: { outcome: 'loss', picked: 1, hits: 0, raceSeconds: 6 },
        referralLink: link,
        brand,
        random: 0,
      }),
    );
    expect(text).toBe(
      `I picked 1 coin and it missed the top after 6 seconds of racing, but I'll be back. Race me: ${link} @OJOArena #OJOArena $OJO`,
    );
  });
});
