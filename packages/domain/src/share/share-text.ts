import { RACE_SHARE_RACING_SECONDS } from '../constants';
import { SOURCE_TYPE } from '../enums';

/** The link placeholder in share texts (game share messages and the fallback lines below). */
export const LINK_PLACEHOLDER = '{link}';

/** spec 2 Referral: 'a link carrying the invite code and source type web'. Points at the home page (referral entry). */
export function buildReferralLink(origin: string, inviteCode: string): string {
  const base = origin.replace(/\/+$/, '');
  const query = new URLSearchParams({ inviteCode, sourceType: SOURCE_TYPE.WEB });
  return `${base}/?${query.toString()}`;
}

/** spec 2 Referral: 'Shared-post text replaces a link placeholder with a link'. Every placeholder is replaced. */
export function replaceLinkPlaceholder(text: string, link: string): string {
  return text.split(LINK_PLACEHOLDER).join(link);
}

export interface ShareTextInput {
  /** X account to mention, with or without '@'. */
  mention: string;
  /** Product hashtag, with or without '#'. */
  hashtag: string;
  /** The invite link (buildReferralLink). */
  referralLink: string;
  productName: string;
}

/** spec 2 Referral / spec 9: 'The share text includes an @ mention, a product hashtag and $OJO.' */
export function buildShareText(input: ShareTextInput): string {
  const mention = `@${input.mention.replace(/^@+/, '')}`;
  const hashtag = `#${input.hashtag.replace(/^#+/, '')}`;
  return [
    `Predict, play and profit with me on ${input.productName} ${mention}!`,
    `Join with my invite link and start earning $OJO: ${input.referralLink}`,
    hashtag,
  ].join('\n');
}

/** The X (Twitter) intent URL that opens a post prefilled with `text`. */
export function buildXShareUrl(text: string): string {
  return `https://x.com/intent/tweet?${new URLSearchParams({ text }).toString()}`;
}

/** spec 8: 'Share text unavailable: Falls back to built-in win and loss lines.' spec 9: about 30 s of racing. */
export const WIN_FALLBACK_LINES: readonly string[] = [
  `I just won a coin race in ${RACE_SHARE_RACING_SECONDS} seconds! Think you can beat me? ${LINK_PLACEHOLDER} $OJO`,
  `${RACE_SHARE_RACING_SECONDS} seconds of racing, one big win. Come race with me: ${LINK_PLACEHOLDER} $OJO`,
  `Called the market right and took the pool! Your turn: ${LINK_PLACEHOLDER} $OJO`,
];
export const LOSS_FALLBACK_LINES: readonly string[] = [
  `Lost this one after ${RACE_SHARE_RACING_SECONDS} seconds of racing, but I'll be back. Race me: ${LINK_PLACEHOLDER} $OJO`,
  `The market had other plans this round. Think you can read it better? ${LINK_PLACEHOLDER} $OJO`,
  `Not my race today. Join me for the rematch: ${LINK_PLACEHOLDER} $OJO`,
];

/**
 * spec 8: picks a share line from the server's list, or from the built-in lines when it is empty, using a random
 * number in [0, 1).
 */
export function pickShareLine(
  serverLines: readonly string[] | null | undefined,
  outcome: 'win' | 'loss',
  random: number,
): string {
  const usable = (serverLines ?? []).filter((line) => line.trim() !== '');
  const lines = usable.length > 0 ? usable : outcome === 'win' ? WIN_FALLBACK_LINES : LOSS_FALLBACK_LINES;
  const clamped = Number.isFinite(random) ? Math.min(Math.max(random, 0), 0.999_999_999) : 0;
  return lines[Math.floor(clamped * lines.length)]!;
}
