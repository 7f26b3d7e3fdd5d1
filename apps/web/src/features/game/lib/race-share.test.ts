import { describe, expect, it } from 'vitest';
import { raceShareUrl } from './race-share';

const link = 'http://localhost:3000/?inviteCode=AB12CD&sourceType=web';
const textOf = (url: string) => new URL(url).searchParams.get('text') ?? '';

describe('race share to X (spec 9, spec 8 fallback)', () => {
  it('uses a server line with the invite link in place of its placeholder', () => {
    const url = raceShareUrl({
      messages: { win: ['Won it! {link}'], loss: ['Lost {link}'] },
      outcome: 'win',
      referralLink: link,
      random: 0,
    });
    expect(url.startsWith('https://x.com/intent/tweet?')).toBe(true);
    expect(textOf(url)).toBe(`Won it! ${link}`);
  });

  it('falls back to the built-in lines, when messages failed', () => {
    const text = textOf(raceShareUrl({ messages: null, outcome: 'loss', referralLink: link, random: 0 }));
    expect(text).toContain(link);
    expect(text).toMatch(/seconds of racing/);
  });
});
