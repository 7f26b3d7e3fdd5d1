/**
 * The arithmetic of the home page's section snapping (spec 2 Home, spec 9 'Scroll snap (desktop only): animation
 * 500 ms, throttle 100 ms, minimum scroll 30, navbar offset 58, snap delay 150 ms'). No DOM here, so every decision
 * the hook makes can be tested on its own.
 */

export type SnapDirection = 'up' | 'down';

/** The settings of the snap hook; the home page passes SCROLL_SNAP from the domain. */
export interface SnapSettings {
  animationMs: number;
  throttleMs: number;
  minScroll: number;
  navbarOffset: number;
  snapDelayMs: number;
}

/** Pixels within which two positions count as the same (rounding of scroll positions and layout). */
const SAME_POSITION_PX = 2;
/** The page bottom is its own stop only when it lies this far past the last section; a sliver is not worth a stop. */
const BOTTOM_STOP_MIN_GAP_PX = 30;

/**
 * The scroll positions the page rests at: each section's document top minus the sticky navbar's height, clamped to
 * what the page can scroll, deduplicated and ascending. The page bottom is a stop too (unless it is a sliver away),
 * so whatever follows the last section (the footer) can be reached.
 */
export function snapTargets(
  sectionTopsPx: readonly number[],
  navbarOffsetPx: number,
  maxScrollPx: number,
): number[] {
  const max = Math.max(0, maxScrollPx);
  // The page top is always a stop: the first section rests there even if the header is a border's width taller.
  const stops = [
    0,
    ...sectionTopsPx.map((top) => Math.min(max, Math.max(0, Math.round(top - navbarOffsetPx)))),
  ];
  stops.sort((a, b) => a - b);
  const targets: number[] = [];
  for (const stop of stops) {
    const last = targets[targets.length - 1];
    if (last === undefined || stop - last > SAME_POSITION_PX) targets.push(stop);
  }
  const lastSection = targets[targets.length - 1];
  if (lastSection === undefined || max - lastSection >= BOTTOM_STOP_MIN_GAP_PX) targets.push(max);
  return targets;
}

/** The stop nearest to the current position (the first on a tie), or undefined without stops. */
export function nearestTarget(targets: readonly number[], scrollY: number): number | undefined {
  let best: number | undefined;
  for (const target of targets) {
    if (best === undefined || Math.abs(target - scrollY) < Math.abs(best - scrollY)) best = target;
  }
  return best;
}

/** The next stop in a direction from the current position, or undefined at either end. */
export function adjacentTarget(
  targets: readonly number[],
  scrollY: number,
  direction: SnapDirection,
): number | undefined {
  if (direction === 'down') return targets.find((target) => target > scrollY + SAME_POSITION_PX);
  return [...targets].reverse().find((target) => target < scrollY - SAME_POSITION_PX);
}

/** A wheel or swipe means "next section" only from the minimum scroll up; smaller moves are ignored. */
export function scrollIntent(deltaY: number, minScroll: number): SnapDirection | undefined {
  if (!Number.isFinite(deltaY) || Math.abs(deltaY) < minScroll) return undefined;
  return deltaY > 0 ? 'down' : 'up';
}

/** True while a new snap must wait: less than the throttle time since the last one started. */
export function isThrottled(nowMs: number, lastSnapStartMs: number | undefined, throttleMs: number): boolean {
  return lastSnapStartMs !== undefined && nowMs - lastSnapStartMs < throttleMs;
}

/** Smooth start and stop, so a section glides in rather than jumps. */
export function easeInOutCubic(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where the animation stands after `elapsedMs` of `durationMs` (a duration of 0 jumps straight to the end). */
export function animatedScrollY(fromY: number, toY: number, elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return toY;
  return fromY + (toY - fromY) * easeInOutCubic(elapsedMs / durationMs);
}

/** Keys that move between sections, and where to. */
export type SnapKeyAction = SnapDirection | 'first' | 'last';

export function snapKeyAction(key: string, shiftKey: boolean): SnapKeyAction | undefined {
  switch (key) {
    case 'ArrowDown':
    case 'PageDown':
      return 'down';
    case 'ArrowUp':
    case 'PageUp':
      return 'up';
    case ' ':
      return shiftKey ? 'up' : 'down';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return undefined;
  }
}
