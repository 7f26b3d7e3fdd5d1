import {
  adjacentTarget,
  animatedScrollY,
  freeScrollTarget,
  isFreeScrollPosition,
  isThrottled,
  nearestTarget,
  type SnapDirection,
  type SnapLayout,
  type SnapSettings,
  scrollIntent,
  snapKeyAction,
  snapLayout,
  type WheelGesture,
  wheelStep,
} from './section-snap';
import { SNAP_SECTION_ATTRIBUTE } from './use-section-snap';

/** Present on the container while a snap glides. */
const SNAPPING_ATTRIBUTE = 'data-snapping';
/** Present on the container while snapping listens to input (desktop), so a test knows its input is seen. */
const SNAP_READY_ATTRIBUTE = 'data-snap-ready';

const LINE_HEIGHT_PX = 16;
/** How far an arrow key scrolls inside a section taller than the window. */
const ARROW_STEP_PX = 80;

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** Space activates a focused button or link; it must not also move the page. */
function isActivatable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && /^(BUTTON|A|SUMMARY|VIDEO)$/.test(target.tagName);
}

/** A modal dialog locks the page's scrolling; snapping must not move the page under it. */
function isScrollLocked(): boolean {
  return document.body.hasAttribute('data-scroll-locked') || document.body.style.overflow === 'hidden';
}

/**
 * Full-screen sections that snap on scroll (product.md 2 Home, product.md 9 timings): a wheel gesture, key press or swipe of at
 * least 30 px glides to the next or previous section in 500 ms, and the rest of that gesture (trackpad inertia) is
 * ignored: one gesture, one section. A section taller than the window scrolls through like a plain page before the
 * next gesture moves on, so none of its content is skipped. A position between stops settles on the nearest one
 * 150 ms after scrolling stops. Sections rest just under the 58 px navbar. With reduced motion the page jumps
 * instead of gliding.
 *
 * Listens on `container` and the window until the answered function is called.
 */
export function startSectionSnap(container: HTMLElement, settings: SnapSettings): () => void {
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const durationMs = reducedMotion ? 0 : settings.animationMs;
  let frame: number | undefined;
  let isAnimating = false;
  let lastInputMs: number | undefined;
  let gesture: WheelGesture | undefined;
  let lastMoveEndMs: number | undefined;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let touchStartY: number | undefined;

  /** The glide's state, also shown on the container (`data-snapping`) so a test can wait for it to end. */
  const setAnimating = (animating: boolean) => {
    isAnimating = animating;
    if (!animating) lastMoveEndMs = performance.now();
    if (animating) container.setAttribute(SNAPPING_ATTRIBUTE, '');
    else container.removeAttribute(SNAPPING_ATTRIBUTE);
  };

  const layout = (): SnapLayout => {
    const sections = [...container.querySelectorAll<HTMLElement>(`[${SNAP_SECTION_ATTRIBUTE}]`)].map(
      (section) => {
        const box = section.getBoundingClientRect();
        return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
      },
    );
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    return snapLayout(sections, settings.navbarOffset, window.innerHeight, maxScroll);
  };

  const snapTo = (toY: number) => {
    const fromY = window.scrollY;
    if (Math.abs(toY - fromY) < 1) return;
    if (frame !== undefined) cancelAnimationFrame(frame);
    setAnimating(true);
    const startMs = performance.now();
    const step = (nowMs: number) => {
      const elapsedMs = nowMs - startMs;
      window.scrollTo({ top: animatedScrollY(fromY, toY, elapsedMs, durationMs), behavior: 'instant' });
      if (elapsedMs < durationMs) {
        frame = requestAnimationFrame(step);
      } else {
        frame = undefined;
        setAnimating(false);
      }
    };
    if (durationMs === 0) step(startMs);
    else frame = requestAnimationFrame(step);
  };

  /**
   * A key press or swipe: scrolls on inside a tall section, else starts a move unless one is running or the input
   * has not paused; true when the event is handled here.
   */
  const move = (direction: SnapDirection, timeMs: number, freeStepPx: number): boolean => {
    const throttled = isThrottled(timeMs, lastInputMs, settings.throttleMs);
    lastInputMs = timeMs;
    if (isAnimating || throttled) return true;
    const current = layout();
    const freeY = freeScrollTarget(current, window.scrollY, direction === 'down' ? freeStepPx : -freeStepPx);
    const target = freeY ?? adjacentTarget(current.stops, window.scrollY, direction);
    if (target === undefined) return false;
    snapTo(target);
    return true;
  };

  const onWheel = (event: WheelEvent) => {
    if (event.ctrlKey || event.defaultPrevented || isScrollLocked()) return; // ctrl+wheel zooms
    // A sideways scroll (the backers strip by hand) is the browser's.
    if (Math.abs(event.deltaX) >= Math.abs(event.deltaY)) return;
    // Every wheel turn is read here, so the browser's own scrolling never carries the page past a section.
    event.preventDefault();
    const scale = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? LINE_HEIGHT_PX : 1;
    const step = wheelStep(
      gesture,
      { timeMs: event.timeStamp, deltaY: event.deltaY * scale },
      { layout: layout(), scrollY: window.scrollY, isAnimating, lastMoveEndMs },
      settings,
    );
    gesture = step.gesture;
    if (step.action.kind === 'scroll') window.scrollTo({ top: step.action.toY, behavior: 'instant' });
    else if (step.action.kind === 'snap') snapTo(step.action.toY);
  };

  const onScroll = () => {
    if (isAnimating) return;
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      if (isAnimating || isScrollLocked()) return;
      const current = layout();
      if (isFreeScrollPosition(current, window.scrollY)) return;
      const target = nearestTarget(current.stops, window.scrollY);
      if (target !== undefined) snapTo(target);
    }, settings.snapDelayMs);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isScrollLocked()) return;
    if (isEditable(event.target) || (event.key === ' ' && isActivatable(event.target))) return;
    const action = snapKeyAction(event.key, event.shiftKey);
    if (!action) return;
    if (action === 'first' || action === 'last') {
      const all = layout().stops;
      const target = action === 'first' ? all[0] : all[all.length - 1];
      if (target === undefined) return;
      event.preventDefault();
      snapTo(target);
      return;
    }
    const freeStepPx = event.key.startsWith('Arrow')
      ? ARROW_STEP_PX
      : window.innerHeight - settings.navbarOffset - ARROW_STEP_PX;
    if (move(action, event.timeStamp, freeStepPx)) event.preventDefault();
  };

  const onTouchStart = (event: TouchEvent) => {
    touchStartY = event.touches.length === 1 ? event.touches[0]!.clientY : undefined;
  };
  const onTouchMove = (event: TouchEvent) => {
    // The swipe is read as a whole on touchend; the page does not also scroll under the finger.
    if (touchStartY !== undefined && event.cancelable && !isScrollLocked()) event.preventDefault();
  };
  const onTouchEnd = (event: TouchEvent) => {
    const endY = event.changedTouches[0]?.clientY;
    if (touchStartY === undefined || endY === undefined) return;
    const distancePx = touchStartY - endY;
    const direction = scrollIntent(distancePx, settings.minScroll);
    touchStartY = undefined;
    if (direction) move(direction, event.timeStamp, Math.abs(distancePx));
  };

  window.addEventListener('wheel', onWheel, { passive: false });
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('keydown', onKeyDown);
  container.addEventListener('touchstart', onTouchStart, { passive: true });
  container.addEventListener('touchmove', onTouchMove, { passive: false });
  container.addEventListener('touchend', onTouchEnd);
  container.setAttribute(SNAP_READY_ATTRIBUTE, '');
  return () => {
    container.removeAttribute(SNAP_READY_ATTRIBUTE);
    window.removeEventListener('wheel', onWheel);
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('keydown', onKeyDown);
    container.removeEventListener('touchstart', onTouchStart);
    container.removeEventListener('touchmove', onTouchMove);
    container.removeEventListener('touchend', onTouchEnd);
    clearTimeout(settleTimer);
    if (frame !== undefined) cancelAnimationFrame(frame);
    container.removeAttribute(SNAPPING_ATTRIBUTE);
  };
}
