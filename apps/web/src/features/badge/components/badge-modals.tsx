import { BADGE_TEXT } from '@ojo/domain/messages';
import { buildBadgeShareText, buildXShareUrl, shareBrand } from '@ojo/domain/share/share-text';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { env } from '@/config/env';

const PRIMARY =
  'inline-flex items-center justify-center gap-2 rounded-2xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 disabled:cursor-not-allowed disabled:bg-white/10 disabled:text-slate-400 disabled:hover:brightness-100';

function Modal(props: { isOpen: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Dialog.Root open={props.isOpen} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 rounded-3xl border border-white/10 bg-arena-950 p-6 shadow-2xl shadow-lime/10 focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-xl font-black uppercase italic tracking-tight text-white">
              {props.title}
            </Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-full p-1 text-slate-400 hover:bg-white/10">
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** product.md 2: the congrats modal 'You just got N badges' (the asset flow: 'congrats / You just claimed 1 badge.'). */
export function CongratsModal(props: {
  count: number | null;
  body?: string;
  onClose: () => void;
  onShare: () => void;
}) {
  return (
    <Modal isOpen={props.count !== null} onClose={props.onClose} title={BADGE_TEXT.assetClaimSuccessTitle}>
      <Dialog.Description className="text-lg font-bold text-lime">
        {props.body ?? BADGE_TEXT.congratsGot(props.count ?? 0)}
      </Dialog.Description>
      <button type="button" className={PRIMARY} onClick={props.onShare}>
        Share
      </button>
    </Modal>
  );
}

/** product.md 4 asset flow failure: 'sorry / You're not eligible.' */
export function SorryModal(props: { isOpen: boolean; onClose: () => void }) {
  return (
    <Modal isOpen={props.isOpen} onClose={props.onClose} title={BADGE_TEXT.assetClaimFailureTitle}>
      <Dialog.Description className="text-slate-200">{BADGE_TEXT.assetClaimFailureBody}</Dialog.Description>
    </Modal>
  );
}

/**
 * product.md 2: the share modal: a post about the badges just collected, with the brand's tags and the player's invite
 * link (product.md 9), to X or copied. Open while `badges` is set.
 */
export function ShareModal(props: {
  badges: number | null;
  referralLink: string | null;
  onClose: () => void;
}) {
  const text = buildBadgeShareText({
    brand: shareBrand(env.productName, env.social.xUrl),
    badges: props.badges ?? 0,
    referralLink: props.referralLink ?? env.webOrigin,
  });
  const intent = buildXShareUrl(text);
  return (
    <Modal isOpen={props.badges !== null} onClose={props.onClose} title="Share">
      <Dialog.Description className="text-slate-200">{text}</Dialog.Description>
      <div className="flex flex-wrap gap-3">
        <a href={intent} target="_blank" rel="noreferrer" className={PRIMARY}>
          Post on X
        </a>
        <button
          type="button"
          className="rounded-2xl border border-white/15 px-5 py-3 text-sm font-bold text-white hover:bg-white/10"
          onClick={() => void navigator.clipboard?.writeText(text).catch(() => {})}
        >
          Copy
        </button>
      </div>
    </Modal>
  );
}
