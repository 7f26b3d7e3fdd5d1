import { describe, expect, it } from 'vitest';
import {
  buildRaceShareText,
  describeRaceCall,
  isRaceShareTemplate,
  LOSS_FALLBACK_LINES,
  raceShareLines,
  WIN_FALLBACK_LINES,
} from './race-share';

const brand = { productName: 'OJO Arena', mention: 'OJOArena', hashtag: 'OJOArena' };
const link = 'http://localhost:3000/?inviteCode=AB12CD&sourceType=web';

describe('what the player called', () => {
  it('says how many coins were picked and how many won', () => {
    expect(describeRaceCall({ outcome: 'win', picked: 2, hits: 1 })).toBe(
      'I picked 2 coins and 1 of them won',
    );
    expect(describeRaceCall({ outcome: 'win', picked: 2, hits: 2 })).toBe('I picked 2 coins and all 2 won');
    expect(describeRaceCall({ outcome: 'win', picked: 1, hits: 1 })).toBe('I picked 1 coin and it won');
    expect(describeRaceCall({ outcome: 'loss', picked: 1, hits: 0 })).toBe(
      'I picked 1 coin and it missed the top',
    );
    expect(describeRaceCall({ outcome: 'loss', picked: 3, hits: 0 })).toBe(
      'I picked 3 coins and none of them won',
    );
    expect(describeRaceCall({ outcome: 'win', picked: 0, hits: 0 })).toBe('I won the coin race');
  });
});

describe("product.md 8: 'Share text unavailable: Falls back to built-in win and loss lines.'", () => {
  it('the built-in lines are usable templates', () => {
    for (const line of [...WIN_FALLBACK_LINES, ...LOSS_FALLBACK_LINES])
      expect(isRaceShareTemplate(line)).toBe(true);
  });

  it('an operator line that states a number or a call of its own is not used', () => {
    expect(
      isRaceShareTemplate('Two coins, 30 seconds, and I called both. Race me on OJO Arena: {link} $OJO'),
    ).toBe(false);
    expect(isRaceShareTemplate('Won the coin race in 30 seconds flat {call} {link}')).toBe(false);
    expect(isRaceShareTemplate('My coins crossed the line first. Your turn: {link} $OJO')).toBe(false);
    expect(isRaceShareTemplate('{call} in {seconds} s! {link}')).toBe(true);
    expect(raceShareLines(['Two coins {call} {link}'], 'loss')).toEqual([...LOSS_FALLBACK_LINES]);
    expect(raceShareLines(['{call}! {link}', 'x'], 'win')).toEqual(['{call}! {link}']);
  });
});

describe('the race share says what the player did, for how long the race ran, with the brand and invite link', () => {
  it('fills a line with the call, the round’s seconds and the link; adds @, # and $OJO', () => {
    const text = buildRaceShareText({
      facts: { outcome: 'win', picked: 2, hits: 1, raceSeconds: 20 },
      serverLines: null,
      random: 0,
      referralLink: link,
      brand,
    });
    expect(text).toBe(
      `I picked 2 coins and 1 of them won in a 20-second coin race on OJO Arena. Race me: ${link} @OJOArena #OJOArena $OJO`,
    );
  });

  it('never states a length it does not know', () => {
    for (const random of [0, 0.4, 0.9]) {
      const text = buildRaceShareText({
        facts: { outcome: 'loss', picked: 1, hits: 0, raceSeconds: null },
        serverLines: ['{call} after {seconds} s {link}'],
        random,
        referralLink: link,
        brand,
      });
      expect(text).not.toMatch(/\d+[- ]second|null/);
      expect(text).toContain('I picked 1 coin and it missed the top');
      expect(text).toContain(link);
    }
  });

  it('uses the operator’s usable lines', () => {
    expect(
      buildRaceShareText({
        facts: { outcome: 'win', picked: 1, hits: 1, raceSeconds: 6 },
        serverLines: ['{call} in {seconds} s on {product} {mention}! {link}'],
        random: 0.7,
        referralLink: link,
        brand,
      }),
    ).toBe(`I picked 1 coin and it won in 6 s on OJO Arena @OJOArena! ${link} #OJOArena $OJO`);
  });
});
