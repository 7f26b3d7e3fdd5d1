import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from '@/components/ui/icons';

interface WalletDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** While a send is under way the dialog stays open (no Escape, outside click or close button). */
  isLocked?: boolean;
}

/** The wallet's dialogs (Radix Dialog: focus trap, Escape, labelled title), sized for 390 px phones. */
export function WalletDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  isLocked,
}: WalletDialogProps) {
  const block = (event: Event) => {
    if (isLocked) event.preventDefault();
  };
  return (
    <Dialog.Root open={isOpen} onOpenChange={(next) => !isLocked && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-3xl border border-white/10 bg-arena-950 p-6 shadow-2xl shadow-lime/10 focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-xl font-black uppercase italic tracking-tight text-white">
              {title}
            </Dialog.Title>
            <Dialog.Close
              disabled={isLocked}
              aria-label="Close"
              className="rounded-full p-1 text-slate-400 hover:bg-white/10 hover:text-white disabled:opacity-40"
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-slate-300">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const WALLET_PRIMARY_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-2xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lime disabled:cursor-not-allowed disabled:opacity-50';

export const WALLET_SECONDARY_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-2xl border border-white/15 bg-white/5 px-5 py-3 text-sm font-bold uppercase tracking-wide text-white transition hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50';
