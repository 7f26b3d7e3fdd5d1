/**
 * The arithmetic of the home page's section snapping (product.md 2 Home, product.md 9 'Scroll snap (desktop only): animation
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

/** A section's extent in document pixels. */
export interface SectionBox {
  top: number;
  bottom: number;
}

/** Where the page may rest: the snap stops, and the scroll ranges inside sections taller than the window. */
export interface SnapLayout {
  stops: number[];
  /** [first, last] scroll positions of each tall section; inside one the page scrolls freely. */
  freeRanges: Array<[number, number]>;
}

/**
 * The snap stops plus, for each section taller than the window under the navbar, the scroll range that shows it
 * from its top to its bottom. The bottom-aligned end of that range is a stop as well, so coming back up lands on a
 * tall section's last part and scrolls up through it.
 */
export function snapLayout(
  sections: readonly SectionBox[],
  navbarOffsetPx: number,
  viewportHeightPx: number,
  maxScrollPx: number,
): SnapLayout {
  const max = Math.max(0, maxScrollPx);
  const clamp = (y: number) => Math.min(max, Math.max(0, Math.round(y)));
  const freeRanges: Array<[number, number]> = [];
  for (const { top, bottom } of sections) {
    const start = clamp(top - navbarOffsetPx);
    const end = clamp(bottom - viewportHeightPx);
    if (end - start > SAME_POSITION_PX) freeRanges.push([start, end]);
  }
  const stops = snapTargets(
    sections.map((section) => section.top),
    navbarOffsetPx,
    max,
  );
  for (const [, end] of freeRanges) {
    if (stops.every((stop) => Math.abs(stop - end) > SAME_POSITION_PX)) stops.push(end);
  }
  stops.sort((a, b) => a - b);
  return { stops, freeRanges };
}

function freeRangeAt(layout: SnapLayout, scrollY: number): [number, number] | undefined {
  return layout.freeRanges.find(
    ([start, end]) => scrollY >= start - SAME_POSITION_PX && scrollY <= end + SAME_POSITION_PX,
  );
}

/** True inside a tall section, where the page rests wherever it is scrolled to. */
export function isFreeScrollPosition(layout: SnapLayout, scrollY: number): boolean {
  return freeRangeAt(layout, scrollY) !== undefined;
}

/**
 * Where a scroll of `deltaY` inside a tall section takes the page: clamped to the section, so one gesture never
 * runs past it. Undefined outside a tall section or at its edge in that direction (then the next move snaps).
 */
export function freeScrollTarget(layout: SnapLayout, scrollY: number, deltaY: number): number | undefined {
  const range = freeRangeAt(layout, scrollY);
  if (!range || deltaY === 0) return undefined;
  const [start, end] = range;
  const hasRoom = deltaY > 0 ? scrollY < end - 0.5 : scrollY > start + 0.5;
  if (!hasRoom) return undefined;
  return Math.min(end, Math.max(start, scrollY + deltaY));
}

/** Past this pause a wheel event starts a new gesture whatever its size: inertia does not stall this long. */
const INERTIA_MAX_GAP_MS = 1000;

/** One wheel gesture: a swipe or wheel turn and the inertia that follows it. */
export interface WheelGesture {
  lastInputMs: number;
  lastDeltaPx: number;
  /** Wheel distance since the gesture began, in its current direction. */
  distancePx: number;
  hasScrolledFree: boolean;
  /** The gesture already moved the page one section (or reached a tall section's edge): the rest is ignored. */
  isSpent: boolean;
}

export type WheelAction = { kind: 'none' } | { kind: 'scroll' | 'snap'; toY: number };

/**
 * True when a wheel event begins a new gesture: after a pause of the throttle time, unless it is the fading tail of
 * the last one (a smaller delta in the same direction), and after any long pause.
 */
function startsGesture(
  previous: WheelGesture | undefined,
  timeMs: number,
  deltaY: number,
  throttleMs: number,
) {
  if (!previous) return true;
  const gapMs = timeMs - previous.lastInputMs;
  if (gapMs >= INERTIA_MAX_GAP_MS) return true;
  if (gapMs < throttleMs) return false;
  const isFading =
    Math.sign(deltaY) === Math.sign(previous.lastDeltaPx) &&
    Math.abs(deltaY) < Math.abs(previous.lastDeltaPx);
  return !isFading;
}

/**
 * What one wheel event does (one gesture, one section). Pauses are measured on the events' own timestamps, so a
 * busy page handling them late cannot split one trackpad flick into many, and input made while a section glided
 * belongs to that move even when it is handled after. Inside a tall section the wheel scrolls it; elsewhere the gesture's distance from the
 * minimum scroll up moves to the next stop, and whatever inertia follows is absorbed.
 */
export function wheelStep(
  previous: WheelGesture | undefined,
  input: { timeMs: number; deltaY: number },
  page: {
    layout: SnapLayout;
    scrollY: number;
    isAnimating: boolean;
    /** When the last glide ended (event time base): input made before then belongs to that move. */
    lastMoveEndMs?: number;
  },
  settings: Pick<SnapSettings, 'throttleMs' | 'minScroll'>,
): { gesture: WheelGesture; action: WheelAction } {
  const isNew = startsGesture(previous, input.timeMs, input.deltaY, settings.throttleMs);
  const moment = { lastInputMs: input.timeMs, lastDeltaPx: input.deltaY };
  const gesture: WheelGesture =
    isNew || !previous
      ? { ...moment, distancePx: 0, hasScrolledFree: false, isSpent: false }
      : { ...previous, ...moment };
  const none = { gesture, action: { kind: 'none' } as const };
  const isDuringMove = page.isAnimating || input.timeMs <= (page.lastMoveEndMs ?? Number.NEGATIVE_INFINITY);
  if (isDuringMove) return { ...none, gesture: { ...gesture, isSpent: true } };
  if (gesture.isSpent || !Number.isFinite(input.deltaY) || input.deltaY === 0) return none;

  const freeY = freeScrollTarget(page.layout, page.scrollY, input.deltaY);
  if (freeY !== undefined) {
    return { gesture: { ...gesture, hasScrolledFree: true }, action: { kind: 'scroll', toY: freeY } };
  }
  // A gesture that scrolled a tall section to its edge stops there; the next one moves on.
  if (gesture.hasScrolledFree) return { ...none, gesture: { ...gesture, isSpent: true } };

  const sameWay = Math.sign(gesture.distancePx) === Math.sign(input.deltaY);
  const distancePx = (sameWay ? gesture.distancePx : 0) + input.deltaY;
  const direction = scrollIntent(distancePx, settings.minScroll);
  if (!direction) return { ...none, gesture: { ...gesture, distancePx } };
  const target = adjacentTarget(page.layout.stops, page.scrollY, direction);
  const spent = { ...gesture, distancePx: 0, isSpent: true };
  if (target === undefined) return { gesture: spent, action: { kind: 'none' } };
  return { gesture: spent, action: { kind: 'snap', toY: target } };
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
