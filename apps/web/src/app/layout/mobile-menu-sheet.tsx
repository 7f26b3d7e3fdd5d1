import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { MainNav } from './main-nav';
import { SocialLinks } from './social-links';

interface MobileMenuSheetProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The menu button, which gets the focus back when the sheet closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** The sheet of the mobile menu: a dialog with the nav and the social links, loaded when first opened. */
export function MobileMenuSheet({ isOpen, onOpenChange, triggerRef }: MobileMenuSheetProps) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          id="mobile-menu"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 border-l border-white/10 bg-arena-950 p-5 shadow-2xl shadow-lime/5 focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-display text-sm font-black uppercase tracking-[0.2em] text-slate-400">
              Menu
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="grid size-10 place-items-center rounded-lg border border-white/10 bg-white/5 text-slate-200 hover:text-lime"
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation and social links</Dialog.Description>
          <nav aria-label="Mobile">
            <MainNav variant="menu" onNavigate={() => onOpenChange(false)} />
          </nav>
          <SocialLinks className="mt-auto" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
