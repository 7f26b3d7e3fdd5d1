import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll positions of the entries of this tab's history, by history key. */
const positions = new Map<string, number>();

/**
 * What the browser does between documents, for the app's own navigations: a new page starts at the top (or at its
 * #anchor), Back and Forward return to where the person was.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Recorded while the page is shown, because by the time the next page renders the old height may be gone.
  useEffect(() => {
    const record = () => positions.set(location.key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [location.key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry (its key), on purpose.
  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash)
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key]);

  return null;
}
