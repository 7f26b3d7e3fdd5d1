import { SOURCE_TYPE } from '../enums';

/** The link placeholder in share texts (game share messages and the fallback lines below). */
export const LINK_PLACEHOLDER = '{link}';

/** product.md 2 Referral: 'a link carrying the invite code and source type web'. Points at the home page (referral entry). */
export function buildReferralLink(origin: string, inviteCode: string): string {
  const base = origin.replace(/\/+$/, '');
  const query = new URLSearchParams({ inviteCode, sourceType: SOURCE_TYPE.WEB });
  return `${base}/?${query.toString()}`;
}

/** product.md 2 Referral: 'Shared-post text replaces a link placeholder with a link'. Every placeholder is replaced. */
export function replaceLinkPlaceholder(text: string, link: string): string {
  return text.split(LINK_PLACEHOLDER).join(link);
}

/** Who a share speaks for: the product, the X account it mentions and its hashtag (with or without '@' / '#'). */
export interface ShareBrand {
  productName: string;
  mention: string;
  hashtag: string;
}

export interface ShareTextInput extends ShareBrand {
  /** The invite link (buildReferralLink). */
  referralLink: string;
}

/** The X account to mention: the first path segment of the product's X link ('' when there is none). */
export function xHandleFromUrl(xUrl: string): string {
  try {
    return new URL(xUrl).pathname.split('/').filter(Boolean)[0] ?? '';
  } catch {
    return '';
  }
}

/** The product hashtag: the product name without spaces or punctuation ('OJO Arena' becomes 'OJOArena'). */
export function productHashtag(productName: string): string {
  return productName.replace(/[^\p{L}\p{N}_]/gu, '');
}

/** The brand of a product and its X link; the mention falls back to the hashtag when the link names no account. */
export function shareBrand(productName: string, xUrl = ''): ShareBrand {
  const hashtag = productHashtag(productName);
  return { productName, mention: xHandleFromUrl(xUrl) || hashtag, hashtag };
}

const PRODUCT_PLACEHOLDER = '{product}';
const MENTION_PLACEHOLDER = '{mention}';
const HASHTAG_PLACEHOLDER = '{hashtag}';
/** What the player called in a race, in words the builder writes (describeRaceCall). */
export const CALL_PLACEHOLDER = '{call}';
/** The race's length in seconds, from the round the player played. */
export const SECONDS_PLACEHOLDER = '{seconds}';

/**
 * product.md 9: 'Share text includes an @ mention, a product hashtag and $OJO.' Fills the brand's placeholders of a line
 * and adds whichever of the mention, the hashtag and $OJO the line does not carry yet, so an operator's line can
 * place them or leave them out.
 */
export function brandShareLine(line: string, brand: ShareBrand): string {
  const mention = `@${brand.mention.replace(/^@+/, '')}`;
  const hashtag = `#${brand.hashtag.replace(/^#+/, '')}`;
  const filled = line
    .split(PRODUCT_PLACEHOLDER)
    .join(brand.productName)
    .split(MENTION_PLACEHOLDER)
    .join(mention)
    .split(HASHTAG_PLACEHOLDER)
    .join(hashtag);
  const missing = [mention, hashtag, '$OJO'].filter((tag) => !containsTag(filled, tag));
  return missing.length > 0 ? `${filled} ${missing.join(' ')}` : filled;
}

/** A tag stands on its own: '@OJOArena' is not carried by '@OJOArenaFan'. */
function containsTag(text: string, tag: string): boolean {
  const lower = text.toLowerCase();
  const wanted = tag.toLowerCase();
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, at + 1)) {
    const before = at === 0 ? '' : lower.charAt(at - 1);
    const after = lower.charAt(at + wanted.length);
    if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) return true;
  }
  return false;
}
const WORD_CHARACTER = /^[\p{L}\p{N}_]$/u;

/**
 * A share's whole text: the line with the sharer's invite link in place of its placeholder (or after it when the
 * line has none) and the brand's mention, hashtag and $OJO (brandShareLine).
 */
export function finishShareText(line: string, brand: ShareBrand, link: string): string {
  const linked = replaceLinkPlaceholder(line, link);
  return brandShareLine(linked.includes(link) ? linked : `${linked} ${link}`, brand);
}

/** product.md 2 Referral / product.md 9: the invite post of the referral page. */
export function buildShareText(input: ShareTextInput): string {
  return finishShareText(
    [
      `Predict, play and profit with me on ${input.productName} ${MENTION_PLACEHOLDER}!`,
      `Join with my invite link and start earning $OJO: ${LINK_PLACEHOLDER}`,
      HASHTAG_PLACEHOLDER,
    ].join('\n'),
    input,
    input.referralLink,
  );
}

/** The badge share: how many badges the player holds, with the invite link. */
export function buildBadgeShareText(input: {
  brand: ShareBrand;
  badges: number;
  referralLink: string;
}): string {
  const what = input.badges > 0 ? `${input.badges} badge${input.badges === 1 ? '' : 's'}` : 'my first badges';
  return finishShareText(
    `I just collected ${what} on ${PRODUCT_PLACEHOLDER}! Collect yours and earn $OJO: ${LINK_PLACEHOLDER}`,
    input.brand,
    input.referralLink,
  );
}

/**
 * An X task's post: the text and link the task asks for (its verifier looks for both, unchanged), then the invite
 * link and the brand's tags.
 */
export function buildXTaskShareText(input: {
  brand: ShareBrand;
  requiredText: string;
  requiredLink: string;
  referralLink: string;
}): string {
  const asked = [input.requiredText, input.requiredLink].filter(Boolean).join(' ');
  return finishShareText(
    asked === '' ? LINK_PLACEHOLDER : `${asked} ${LINK_PLACEHOLDER}`,
    input.brand,
    input.referralLink,
  );
}

/** The X (Twitter) intent URL that opens a post prefilled with `text`. */
export function buildXShareUrl(text: string): string {
  return `https://x.com/intent/tweet?${new URLSearchParams({ text }).toString()}`;
}
