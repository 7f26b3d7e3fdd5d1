import { REFERRAL_TEXT } from '@ojo/domain/messages';
import { buildShareText, buildXShareUrl, shareBrand } from '@ojo/domain/share/share-text';
import { XIcon } from '@/components/ui/icons';
import { env } from '@/config/env';

/** The intent URL of the referral page's Share to X link (product.md 2 Referral, product.md 9 share text). */
export function referralShareUrl(referralLink: string): string {
  return buildXShareUrl(buildShareText({ ...shareBrand(env.productName, env.social.xUrl), referralLink }));
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
