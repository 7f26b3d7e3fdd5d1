import { type RefObject, useEffect, useState } from 'react';

/** Which ends of a horizontally scrolling row have more to see: the hint a cut chip alone does not give. */
export interface ScrollEdges {
  before: boolean;
  after: boolean;
}

/**
 * Follows a horizontal scroller: `before` while it is scrolled away from its start, `after` while some of it lies
 * past its visible end. Read again on scroll and whenever the row changes size (the window's resize where there is no
 * ResizeObserver).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) =>
        current.before === before && current.after === after ? current : { before, after },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => {
        element.removeEventListener('scroll', measure);
        window.removeEventListener('resize', measure);
      };
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}
