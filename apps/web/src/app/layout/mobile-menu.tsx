import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { MainNav } from './main-nav';
import { SocialLinks } from './social-links';

/** The navigation of small screens (below md): a sheet with the nav and the social links. */
export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger
        aria-label="Open menu"
        className="grid size-10 place-items-center rounded-lg border border-white/10 bg-white/5 text-slate-200 transition hover:text-lime md:hidden"
      >
        <MenuIcon className="size-5" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 border-l border-white/10 bg-arena-950 p-5 shadow-2xl shadow-lime/5 focus:outline-none">
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
            <MainNav variant="menu" onNavigate={() => setIsOpen(false)} />
          </nav>
          <SocialLinks className="mt-auto" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
