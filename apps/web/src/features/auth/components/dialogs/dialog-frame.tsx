import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface DialogFrameProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  /** The dialog's explanation, read out as its description. */
  description: ReactNode;
  children?: ReactNode;
  /** A dialog that must be answered (no outside click or Escape). */
  isModal?: boolean;
}

/** The centred card the auth dialogs of product.md 2 share (Radix Dialog: focus trap, Escape, labelled title). */
export function DialogFrame({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  isModal,
}: DialogFrameProps) {
  const block = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={isModal ? block : undefined}
          onPointerDownOutside={isModal ? block : undefined}
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-5 rounded-3xl border border-white/10 bg-arena-950 p-6 text-center shadow-2xl shadow-lime/10 focus:outline-none"
        >
          <Dialog.Title className="font-display text-xl font-black uppercase italic tracking-tight text-white">
            {title}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-300">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const PRIMARY_BUTTON =
  'inline-flex w-full items-center justify-center gap-2 rounded-2xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lime disabled:cursor-wait disabled:opacity-60';

export const SECONDARY_BUTTON =
  'inline-flex w-full items-center justify-center rounded-2xl border border-white/15 bg-white/5 px-5 py-3 text-sm font-bold uppercase tracking-wide text-white transition hover:bg-white/10';
