import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildReferralLink,
  buildShareText,
  buildXShareUrl,
  LINK_PLACEHOLDER,
  LOSS_FALLBACK_LINES,
  pickShareLine,
  replaceLinkPlaceholder,
  WIN_FALLBACK_LINES,
} from './share-text';

describe("spec 2 Referral: 'a link carrying the invite code and source type web'", () => {
  it('builds the home link with inviteCode and sourceType=web', () => {
    expect(buildReferralLink('http://localhost:3000', 'AB12CD')).toBe(
      'http://localhost:3000/?inviteCode=AB12CD&sourceType=web',
    );
    expect(buildReferralLink('https://ojo.example/', 'x y')).toBe(
      'https://ojo.example/?inviteCode=x+y&sourceType=web',
    );
  });
  it('round-trips the code through the URL (property)', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        const url = new URL(buildReferralLink('http://localhost:3000', code));
        expect(url.pathname).toBe('/');
        expect(url.searchParams.get('inviteCode')).toBe(code);
        expect(url.searchParams.get('sourceType')).toBe('web');
      }),
    );
  });
});

describe("spec 2 Referral: 'Shared-post text replaces a link placeholder with a link'", () => {
  it('replaces every placeholder', () => {
    expect(replaceLinkPlaceholder(`Race me ${LINK_PLACEHOLDER} now ${LINK_PLACEHOLDER}`, 'L')).toBe(
      'Race me L now L',
    );
    expect(replaceLinkPlaceholder('no link', 'L')).toBe('no link');
  });
});

describe("spec 2 Referral / spec 9: 'The share text includes an @ mention, a product hashtag and $OJO.'", () => {
  const link = buildReferralLink('http://localhost:3000', 'AB12CD');
  it('includes the mention, hashtag, $OJO and the invite link', () => {
    const text = buildShareText({
      mention: 'OJOArena',
      hashtag: 'OJOArena',
      referralLink: link,
      productName: 'OJO Arena',
    });
    expect(text).toContain('@OJOArena');
    expect(text).toContain('#OJOArena');
    expect(text).toContain('$OJO');
    expect(text).toContain(link);
    expect(text).toContain('OJO Arena');
  });
  it('does not double @ or #', () => {
    const text = buildShareText({ mention: '@ojo', hashtag: '#ojo', referralLink: link, productName: 'P' });
    expect(text).not.toContain('@@');
    expect(text).not.toContain('##');
  });
  it('opens an X post prefilled with the text', () => {
    const url = new URL(buildXShareUrl('hi @ojo $OJO'));
    expect(url.origin).toBe('https://x.com');
    expect(url.searchParams.get('text')).toBe('hi @ojo $OJO');
  });
});

describe("spec 8: 'Share text unavailable: Falls back to built-in win and loss lines.'", () => {
  it('has win and loss lines with the link placeholder and $OJO; race lines mention about 30 seconds (spec 9)', () => {
    for (const line of [...WIN_FALLBACK_LINES, ...LOSS_FALLBACK_LINES]) {
      expect(line).toContain(LINK_PLACEHOLDER);
      expect(line).toContain('$OJO');
    }
    expect(WIN_FALLBACK_LINES.some((line) => line.includes('30 seconds'))).toBe(true);
    expect(LOSS_FALLBACK_LINES.some((line) => line.includes('30 seconds'))).toBe(true);
  });
  it('uses server lines when present, else the fallback of the outcome', () => {
    expect(pickShareLine(['server line'], 'win', 0.5)).toBe('server line');
    expect(pickShareLine([], 'win', 0)).toBe(WIN_FALLBACK_LINES[0]);
    expect(pickShareLine(null, 'loss', 0.99)).toBe(LOSS_FALLBACK_LINES[LOSS_FALLBACK_LINES.length - 1]);
    expect(pickShareLine(['  '], 'loss', Number.NaN)).toBe(LOSS_FALLBACK_LINES[0]);
    expect(pickShareLine(['a', 'b'], 'win', 1)).toBe('b');
  });
});
