import { REFERRAL_TEXT } from '@ojo/domain/messages';
import { buildShareText, buildXShareUrl } from '@ojo/domain/share/share-text';
import { XIcon } from '@/components/ui/icons';
import { env } from '@/config/env';

/** The X account to mention: the last path segment of the configured X link (brand is configuration). */
export function xHandleFromUrl(xUrl: string): string {
  try {
    return new URL(xUrl).pathname.split('/').filter(Boolean)[0] ?? '';
  } catch {
    return '';
  }
}

/** The product hashtag: the product name without spaces or punctuation ('OJO Arena' becomes '#OJOArena'). */
export function productHashtag(productName: string): string {
  return productName.replace(/[^\p{L}\p{N}_]/gu, '');
}

/** The intent URL of the referral page's Share to X link (spec 2 Referral, spec 9 share text). */
export function referralShareUrl(referralLink: string): string {
  const text = buildShareText({
    mention: xHandleFromUrl(env.social.xUrl) || productHashtag(env.productName),
    hashtag: productHashtag(env.productName),
    referralLink,
    productName: env.productName,
  });
  return buildXShareUrl(text);
}

export function ShareToXLink({ referralLink }: { referralLink: string }) {
  return (
    <a
      href={referralShareUrl(referralLink)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center justify-center gap-2 rounded-xl bg-white px-5 py-3 text-sm font-black uppercase tracking-wider text-arena-950 transition hover:bg-lime"
    >
      <XIcon className="size-4" />
      {REFERRAL_TEXT.shareToX}
    </a>
  );
}
