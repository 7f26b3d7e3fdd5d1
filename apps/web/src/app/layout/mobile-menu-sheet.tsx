import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { CloseIcon, WalletIcon } from '@/components/ui/icons';
import { AUTH_ROUTES, ROUTES } from '@/config/routes';
import { useHomeLoginActions } from '@/lib/login-actions';
import { AppLink } from '@/lib/navigation';
import { MainNav } from './main-nav';
import { SocialLinks } from './social-links';

interface MobileMenuSheetProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The menu button, which gets the focus back when the sheet closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** The sheet of the mobile menu: a dialog with the nav and the social links, loaded when first opened. */
const ACCOUNT_LINK =
  'flex items-center gap-2 rounded-xl border px-4 py-3 text-base font-black uppercase tracking-wide transition';

export function MobileMenuSheet({ isOpen, onOpenChange, triggerRef }: MobileMenuSheetProps) {
  const { isFullUser: isPlayer, call } = useHomeLoginActions();
  const close = () => onOpenChange(false);
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
            <MainNav variant="menu" onNavigate={close} />
          </nav>
          {isPlayer ? (
            <div className="flex flex-col gap-2">
              {call === 'createProfile' ? (
                <AppLink
                  to={AUTH_ROUTES.createProfile.path}
                  onClick={close}
                  className={`${ACCOUNT_LINK} border-lime/60 text-lime`}
                >
                  Create your profile
                </AppLink>
              ) : null}
              <AppLink
                to={ROUTES.wallet.path}
                onClick={close}
                className={`${ACCOUNT_LINK} border-white/15 text-slate-200 hover:text-lime`}
              >
                <WalletIcon className="size-5" />
                Wallet
              </AppLink>
            </div>
          ) : null}
          <SocialLinks className="mt-auto" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
