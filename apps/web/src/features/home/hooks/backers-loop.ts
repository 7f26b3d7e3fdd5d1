import { BACKERS } from '@ojo/domain/constants';

/**
 * The backers strip moves 203 px every second (product.md 9). The row of logos is drawn twice side by side and slides by
 * one row's width per cycle, so the cycle lasts rowWidth / 203 seconds and the seam is invisible.
 */
export function backersLoopDurationMs(rowWidthPx: number, pxPerSecond: number = BACKERS.pxPerSecond): number {
  if (!(rowWidthPx > 0) || !(pxPerSecond > 0)) return 0;
  return (rowWidthPx / pxPerSecond) * 1000;
}
