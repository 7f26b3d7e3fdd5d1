import { lazy, Suspense, useRef, useState } from 'react';
import { MenuIcon } from '@/components/ui/icons';

/** The dialog library comes with the sheet, on the first open: no page needs it for its first paint. */
const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

/** The navigation of small screens (below md): a button that opens a sheet with the nav and the social links. */
export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? 'mobile-menu' : undefined}
        // Starting the download on touch or hover wins a few milliseconds before the click.
        onPointerDown={() => {
          loadSheet().catch(() => {}); // the click shows the failure, through the error boundary
        }}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
        className="grid size-10 place-items-center rounded-lg border border-white/10 bg-white/5 text-slate-200 transition hover:text-lime md:hidden"
      >
        <MenuIcon className="size-5" />
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MobileMenuSheet isOpen={isOpen} onOpenChange={setIsOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
