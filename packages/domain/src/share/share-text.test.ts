import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brandShareLine,
  buildBadgeShareText,
  buildReferralLink,
  buildShareText,
  buildXShareUrl,
  buildXTaskShareText,
  finishShareText,
  LINK_PLACEHOLDER,
  productHashtag,
  replaceLinkPlaceholder,
  shareBrand,
  xHandleFromUrl,
} from './share-text';

const brand = { productName: 'OJO Arena', mention: 'OJOArena', hashtag: 'OJOArena' };
const link = 'http://localhost:3000/?inviteCode=AB12CD&sourceType=web';

describe("product.md 2 Referral: 'a link carrying the invite code and source type web'", () => {
  it('builds the home link with inviteCode and sourceType=web', () => {
    expect(buildReferralLink('http://localhost:3000', 'AB12CD')).toBe(link);
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

describe("product.md 2 Referral: 'Shared-post text replaces a link placeholder with a link'", () => {
  it('replaces every placeholder', () => {
    expect(replaceLinkPlaceholder(`Race me ${LINK_PLACEHOLDER} now ${LINK_PLACEHOLDER}`, 'L')).toBe(
      'Race me L now L',
    );
    expect(replaceLinkPlaceholder('no link', 'L')).toBe('no link');
  });
});

describe('the brand of a share', () => {
  it('mentions the X account of the product link, else the product hashtag', () => {
    expect(xHandleFromUrl('https://x.com/OJOArena')).toBe('OJOArena');
    expect(xHandleFromUrl('not a url')).toBe('');
    expect(productHashtag('OJO Arena')).toBe('OJOArena');
    expect(shareBrand('OJO Arena', 'https://x.com/ojo_arena')).toEqual({
      productName: 'OJO Arena',
      mention: 'ojo_arena',
      hashtag: 'OJOArena',
    });
    expect(shareBrand('OJO Arena').mention).toBe('OJOArena');
  });
});

describe("product.md 9: 'Share text includes an @ mention, a product hashtag and $OJO.'", () => {
  it('adds what a line lacks, once, and fills the brand placeholders', () => {
    expect(brandShareLine('Race me', brand)).toBe('Race me @OJOArena #OJOArena $OJO');
    expect(brandShareLine('{product} with {mention} {hashtag} $OJO', brand)).toBe(
      'OJO Arena with @OJOArena #OJOArena $OJO',
    );
    // A longer handle is not the mention.
    expect(brandShareLine('hi @OJOArenaFan $OJO', brand)).toBe('hi @OJOArenaFan $OJO @OJOArena #OJOArena');
    expect(brandShareLine('x', { ...brand, mention: '@ojo', hashtag: '#ojo' })).toBe('x @ojo #ojo $OJO');
  });

  it('property: every finished text carries the invite link, @mention, #hashtag and $OJO exactly as given', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (line) => {
        const text = finishShareText(line, brand, link);
        for (const part of [link, '@OJOArena', '#OJOArena', '$OJO']) expect(text).toContain(part);
        expect(finishShareText(text, brand, link)).toBe(text);
      }),
    );
  });

  it('the referral post: the product, the mention, the hashtag, $OJO and the invite link', () => {
    const text = buildShareText({ ...brand, referralLink: link });
    expect(text).toBe(
      `Predict, play and profit with me on OJO Arena @OJOArena!\nJoin with my invite link and start earning $OJO: ${link}\n#OJOArena`,
    );
  });

  it('the badge post says how many badges, with the invite link', () => {
    expect(buildBadgeShareText({ brand, badges: 3, referralLink: link })).toBe(
      `I just collected 3 badges on OJO Arena! Collect yours and earn $OJO: ${link} @OJOArena #OJOArena`,
    );
    expect(buildBadgeShareText({ brand, badges: 1, referralLink: link })).toContain('collected 1 badge on');
  });

  it('the X task post keeps the asked text and link whole (the verifier looks for them), then the invite link', () => {
    const text = buildXTaskShareText({
      brand,
      requiredText: 'Racing on OJO Arena',
      requiredLink: 'http://localhost:3000',
      referralLink: link,
    });
    expect(text).toBe(`Racing on OJO Arena http://localhost:3000 ${link} @OJOArena #OJOArena $OJO`);
  });

  it('opens an X post prefilled with the text', () => {
    const url = new URL(buildXShareUrl('hi @ojo $OJO'));
    expect(`${url.origin}${url.pathname}`).toBe('https://x.com/intent/tweet');
    expect(url.searchParams.get('text')).toBe('hi @ojo $OJO');
  });
});
