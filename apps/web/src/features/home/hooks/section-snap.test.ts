import { SCROLL_SNAP } from '@ojo/domain/constants';
import { describe, expect, it } from 'vitest';
import {
  adjacentTarget,
  animatedScrollY,
  easeInOutCubic,
  freeScrollTarget,
  isFreeScrollPosition,
  isThrottled,
  nearestTarget,
  scrollIntent,
  snapKeyAction,
  snapLayout,
  snapTargets,
  type WheelGesture,
  wheelStep,
} from './section-snap';

describe('snapTargets', () => {
  it('rests each section right under the 58 px navbar', () => {
    // Sections start below the sticky header, each one viewport (900 - 58) tall.
    const tops = [58, 900, 1742];
    expect(snapTargets(tops, SCROLL_SNAP.navbarOffset, 3000)).toEqual([0, 842, 1684, 3000]);
  });

  it('clamps to the scrollable range and drops duplicates, so the footer end is one stop', () => {
    expect(snapTargets([58, 900, 1742], 58, 1700)).toEqual([0, 842, 1684]);
    expect(snapTargets([58, 900, 1742], 58, 1710)).toEqual([0, 842, 1684]);
    expect(snapTargets([58, 900, 1742], 58, 1714)).toEqual([0, 842, 1684, 1714]);
    expect(snapTargets([0, 10], 58, 500)).toEqual([0, 500]);
  });

  it('always stops at the page top, merging a first section a pixel or two below it', () => {
    expect(snapTargets([59, 801, 1543], SCROLL_SNAP.navbarOffset, 2000)).toEqual([0, 743, 1485, 2000]);
    expect(snapTargets([400], SCROLL_SNAP.navbarOffset, 2000)).toEqual([0, 342, 2000]);
  });

  it('has a single stop on a page that cannot scroll', () => {
    expect(snapTargets([58], 58, 0)).toEqual([0]);
  });
});

describe('nearestTarget and adjacentTarget', () => {
  const targets = [0, 842, 1684, 2400];

  it('snaps a resting position to the closest section', () => {
    expect(nearestTarget(targets, 300)).toBe(0);
    expect(nearestTarget(targets, 500)).toBe(842);
    expect(nearestTarget(targets, 2300)).toBe(2400);
    expect(nearestTarget([], 10)).toBeUndefined();
  });

  it('moves one section at a time and stops at either end', () => {
    expect(adjacentTarget(targets, 0, 'down')).toBe(842);
    expect(adjacentTarget(targets, 842, 'down')).toBe(1684);
    expect(adjacentTarget(targets, 842, 'up')).toBe(0);
    expect(adjacentTarget(targets, 500, 'up')).toBe(0);
    expect(adjacentTarget(targets, 500, 'down')).toBe(842);
    expect(adjacentTarget(targets, 2400, 'down')).toBeUndefined();
    expect(adjacentTarget(targets, 0, 'up')).toBeUndefined();
  });

  it('treats a position a pixel off a stop as that stop', () => {
    expect(adjacentTarget(targets, 843, 'down')).toBe(1684);
    expect(adjacentTarget(targets, 841, 'up')).toBe(0);
  });
});

describe('scrollIntent', () => {
  it('ignores scroll deltas under the minimum of 30', () => {
    expect(scrollIntent(29, SCROLL_SNAP.minScroll)).toBeUndefined();
    expect(scrollIntent(-29.9, SCROLL_SNAP.minScroll)).toBeUndefined();
    expect(scrollIntent(0, SCROLL_SNAP.minScroll)).toBeUndefined();
    expect(scrollIntent(Number.NaN, SCROLL_SNAP.minScroll)).toBeUndefined();
  });

  it('reads 30 and more as a move to the next or previous section', () => {
    expect(scrollIntent(30, SCROLL_SNAP.minScroll)).toBe('down');
    expect(scrollIntent(120, SCROLL_SNAP.minScroll)).toBe('down');
    expect(scrollIntent(-30, SCROLL_SNAP.minScroll)).toBe('up');
  });
});

describe('isThrottled', () => {
  it('blocks a second snap within 100 ms of the last one', () => {
    expect(isThrottled(1000, undefined, SCROLL_SNAP.throttleMs)).toBe(false);
    expect(isThrottled(1099, 1000, SCROLL_SNAP.throttleMs)).toBe(true);
    expect(isThrottled(1100, 1000, SCROLL_SNAP.throttleMs)).toBe(false);
  });
});

describe('animation', () => {
  it('eases from start to end over 500 ms', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(easeInOutCubic(0.75)).toBeGreaterThan(0.75);
  });

  it('reaches the target exactly at the animation time', () => {
    const { animationMs } = SCROLL_SNAP;
    expect(animatedScrollY(0, 842, 0, animationMs)).toBe(0);
    expect(animatedScrollY(0, 842, animationMs / 2, animationMs)).toBe(421);
    expect(animatedScrollY(0, 842, animationMs, animationMs)).toBe(842);
    expect(animatedScrollY(842, 0, animationMs + 40, animationMs)).toBe(0);
  });

  it('jumps when the animation is switched off (reduced motion)', () => {
    expect(animatedScrollY(0, 842, 0, 0)).toBe(842);
  });
});

describe('snapKeyAction', () => {
  it('maps the page keys to section moves', () => {
    expect(snapKeyAction('ArrowDown', false)).toBe('down');
    expect(snapKeyAction('PageDown', false)).toBe('down');
    expect(snapKeyAction(' ', false)).toBe('down');
    expect(snapKeyAction(' ', true)).toBe('up');
    expect(snapKeyAction('ArrowUp', false)).toBe('up');
    expect(snapKeyAction('PageUp', false)).toBe('up');
    expect(snapKeyAction('Home', false)).toBe('first');
    expect(snapKeyAction('End', false)).toBe('last');
    expect(snapKeyAction('a', false)).toBeUndefined();
  });
});

// A 640 px window: 582 px under the navbar. The third section is 111 px taller than that.
const TALL_PAGE = snapLayout(
  [
    { top: 58, bottom: 640 },
    { top: 640, bottom: 1222 },
    { top: 1222, bottom: 1915 },
    { top: 1915, bottom: 2497 },
  ],
  SCROLL_SNAP.navbarOffset,
  640,
  2497 - 640,
);

describe('snapLayout', () => {
  it('lets a section taller than the window scroll from its top to its bottom, and stops at both', () => {
    expect(TALL_PAGE.freeRanges).toEqual([[1164, 1275]]);
    expect(TALL_PAGE.stops).toEqual([0, 582, 1164, 1275, 1857]);
  });

  it('has no free ranges when every section fits', () => {
    const layout = snapLayout([{ top: 58, bottom: 640 }], 58, 640, 0);
    expect(layout).toEqual({ stops: [0], freeRanges: [] });
  });
});

describe('freeScrollTarget', () => {
  it('scrolls inside a tall section, clamped to it, and not past its edges', () => {
    expect(freeScrollTarget(TALL_PAGE, 1164, 100)).toBe(1264);
    expect(freeScrollTarget(TALL_PAGE, 1264, 100)).toBe(1275);
    expect(freeScrollTarget(TALL_PAGE, 1275, 100)).toBeUndefined();
    expect(freeScrollTarget(TALL_PAGE, 1275, -500)).toBe(1164);
    expect(freeScrollTarget(TALL_PAGE, 1164, -100)).toBeUndefined();
    expect(freeScrollTarget(TALL_PAGE, 582, 100)).toBeUndefined();
  });

  it('knows where the page may rest without settling', () => {
    expect(isFreeScrollPosition(TALL_PAGE, 1200)).toBe(true);
    expect(isFreeScrollPosition(TALL_PAGE, 700)).toBe(false);
  });
});

describe('wheelStep', () => {
  const settings = SCROLL_SNAP;
  const run = (scrollY: number, events: Array<[number, number]>, isAnimating = false) => {
    let gesture: WheelGesture | undefined;
    const actions = [];
    for (const [timeMs, deltaY] of events) {
      const step = wheelStep(
        gesture,
        { timeMs, deltaY },
        { layout: TALL_PAGE, scrollY, isAnimating },
        settings,
      );
      gesture = step.gesture;
      actions.push(step.action);
    }
    return actions;
  };

  it('moves one section once a gesture has gone 30 px, from many small deltas', () => {
    const actions = run(0, [
      [0, 10],
      [16, 10],
      [32, 10],
      [48, 10],
    ]);
    expect(actions).toEqual([
      { kind: 'none' },
      { kind: 'none' },
      { kind: 'snap', toY: 582 },
      { kind: 'none' },
    ]);
  });

  it('ignores the rest of a flick however long its inertia lasts, and moves again after a 100 ms pause', () => {
    const flick = Array.from({ length: 60 }, (_, index) => [index * 16, 20] as [number, number]);
    const actions = run(0, [...flick, [59 * 16 + 100, 40]]);
    expect(actions.filter((action) => action.kind === 'snap')).toHaveLength(2);
    expect(actions.at(-1)).toEqual({ kind: 'snap', toY: 582 });
  });

  it('reads a fading delta after a stall as the same flick, and a fresh or long-paused one as a new gesture', () => {
    const stalled = run(0, [
      [0, 40],
      [16, 25],
      [200, 21],
      [216, 17],
    ]);
    expect(stalled.filter((action) => action.kind === 'snap')).toHaveLength(1);
    expect(
      run(0, [
        [0, 40],
        [16, 25],
        [200, 30],
      ]).filter((action) => action.kind === 'snap'),
    ).toHaveLength(2);
    expect(
      run(0, [
        [0, 40],
        [16, 25],
        [1016, 20],
      ]).filter((action) => action.kind === 'snap'),
    ).toHaveLength(1);
    expect(
      run(0, [
        [0, 40],
        [16, 25],
        [1016, 20],
        [1032, 20],
      ]).filter((action) => action.kind === 'snap'),
    ).toHaveLength(2);
  });

  it('absorbs input while a glide runs, and input made during it that is handled late', () => {
    expect(run(0, [[0, 120]], true)).toEqual([{ kind: 'none' }]);
    const page = { layout: TALL_PAGE, scrollY: 582, isAnimating: false, lastMoveEndMs: 600 };
    const late = wheelStep(undefined, { timeMs: 400, deltaY: 120 }, page, settings);
    expect(late.action).toEqual({ kind: 'none' });
    expect(wheelStep(undefined, { timeMs: 700, deltaY: 120 }, page, settings).action).toEqual({
      kind: 'snap',
      toY: 1164,
    });
  });

  it('scrolls through a tall section and stops at its edge for the rest of that gesture', () => {
    expect(run(1164, [[0, 100]])).toEqual([{ kind: 'scroll', toY: 1264 }]);
    expect(run(1275, [[0, 100]])).toEqual([{ kind: 'snap', toY: 1857 }]);
    let gesture: WheelGesture | undefined;
    const step = (scrollY: number, timeMs: number) => {
      const result = wheelStep(
        gesture,
        { timeMs, deltaY: 100 },
        { layout: TALL_PAGE, scrollY, isAnimating: false },
        settings,
      );
      gesture = result.gesture;
      return result.action;
    };
    expect(step(1200, 0)).toEqual({ kind: 'scroll', toY: 1275 });
    expect(step(1275, 16)).toEqual({ kind: 'none' });
    expect(step(1275, 200)).toEqual({ kind: 'snap', toY: 1857 });
  });

  it('comes back up onto the bottom of a tall section', () => {
    expect(run(1857, [[0, -120]])).toEqual([{ kind: 'snap', toY: 1275 }]);
  });
});
