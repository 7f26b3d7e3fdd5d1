import { type ReactNode, useEffect } from 'react';

/**
 * Drops the root's `data-prerendered` mark once the app has rendered (hydrated or replaced) the page: from then on
 * the page is live, which the browser tests wait for, and index.css's rule for the prerendered page no longer applies.
 */
export function MarkLive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.removeAttribute('data-prerendered'), [container]);
  return children;
}
