import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface GamePopupProps {
  open: boolean;
  onClose(): void;
  title: string;
  description: string;
  children: ReactNode;
}

/** A popup over the game (product.md 2 frame popups invite, gameTask, checkIn): the race keeps running behind it. */
export function GamePopup({ open, onClose, title, description, children }: GamePopupProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(44rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-3xl border border-white/10 bg-arena-950 p-5 shadow-2xl shadow-lime/10 focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="font-display text-2xl font-black uppercase italic tracking-tight text-white">
                {title}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-400">{description}</Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="rounded-full border border-white/10 px-3 py-1 text-lg leading-none text-slate-300 hover:text-white"
            >
              ×
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
