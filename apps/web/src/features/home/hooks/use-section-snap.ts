import { SCROLL_SNAP } from '@ojo/domain/constants';
import { type RefObject, useEffect } from 'react';
import type { SnapSettings } from './section-snap';

/** Marks the full-screen sections the page snaps between. */
export const SNAP_SECTION_ATTRIBUTE = 'data-snap-section';

interface UseSectionSnapOptions {
  /** Desktop only (product.md 2 Home): pass the large-screen flag. */
  enabled: boolean;
  settings?: SnapSettings;
}

/**
 * The landing page's section snapping on large screens (start-section-snap.ts). Its code loads when a large screen
 * turns it on: phones, which scroll freely, never download it (the landing page's first download).
 */
export function useSectionSnap(
  containerRef: RefObject<HTMLElement | null>,
  { enabled, settings = SCROLL_SNAP }: UseSectionSnapOptions,
): void {
  useEffect(() => {
    const container = containerRef.current;
    if (!enabled || !container) return;
    let stop: (() => void) | undefined;
    let isOff = false;
    import('./start-section-snap')
      .then(({ startSectionSnap }) => {
        if (!isOff) stop = startSectionSnap(container, settings);
      })
      .catch(() => {}); // without its code the page scrolls freely, as on a phone
    return () => {
      isOff = true;
      stop?.();
    };
  }, [containerRef, enabled, settings]);
}
