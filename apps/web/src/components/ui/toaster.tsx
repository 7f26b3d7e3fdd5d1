import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { loadToastLibrary, onToastLibraryWanted } from './toast';

// A view that cannot load renders nothing rather than taking the page down: toasts are feedback, not content.
const ToasterView = lazy<ComponentType>(() =>
  import('./toaster-view').then(
    (module) => ({ default: module.ToasterView }),
    () => ({ default: () => null }),
  ),
);

/** Toasts answer what a person does, so the first interaction is the moment to fetch the library. */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Where the toasts of components/ui/toast.ts appear. It renders nothing until toasts are wanted (the first toast or
 * the first interaction), then the toast library's view: the page's first paint does not wait for it.
 */
export function Toaster() {
  const [isWanted, setIsWanted] = useState(false);
  useEffect(() => onToastLibraryWanted(() => setIsWanted(true)), []);
  useEffect(() => {
    if (isWanted) return;
    const load = () => {
      loadToastLibrary().catch(() => {}); // the next toast tries again
    };
    for (const type of FIRST_INTERACTIONS) {
      window.addEventListener(type, load, { once: true, passive: true, capture: true });
    }
    return () => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, load, { capture: true });
    };
  }, [isWanted]);
  return isWanted ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
