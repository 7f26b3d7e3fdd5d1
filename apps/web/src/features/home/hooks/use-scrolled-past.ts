import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * Whether the page's vertical scroll position meets a condition, re-rendering only when the answer flips (not on
 * every scroll event). Pass a stable function, e.g. a domain rule such as `isHeroCarSlid`.
 */
export function useScrollCondition(isMet: (scrollYPx: number) => boolean): boolean {
  const getSnapshot = useCallback(() => isMet(window.scrollY), [isMet]);
  return useSyncExternalStore(subscribe, getSnapshot, () => isMet(0));
}

/** True once the page is scrolled more than `px` pixels. */
export function useScrolledPast(px: number): boolean {
  const isPast = useCallback((scrollYPx: number) => scrollYPx > px, [px]);
  return useScrollCondition(isPast);
}
