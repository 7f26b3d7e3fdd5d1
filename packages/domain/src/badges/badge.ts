import type { BadgeStatus } from '../enums';

/** product.md 3 Progress item: type, name, value, condition (numeric strings, condition greater than 0). */
export interface ProgressItem {
  type: unknown;
  name?: unknown;
  value: unknown;
  condition: unknown;
}

/** product.md 3 Badge (nft) entry. */
export interface Badge {
  status: BadgeStatus;
  series: string;
  seriesName?: string;
  name: string;
  /** Numeric string. */
  level: string;
  category?: string;
  logo?: string;
  desc?: string;
  showLevel?: boolean;
  claimableId?: string | number | null;
  address?: string | null;
  progress?: readonly ProgressItem[];
}

/** product.md 3: 'Badge series entries also carry nfts.' */
export interface BadgeSeriesEntry<B extends Badge = Badge> {
  series: string;
  seriesName?: string;
  nfts: readonly B[];
}

/** A badge level as a number; a level that is not numeric sorts as 0. */
export function levelNumber(level: string): number {
  const value = Number(level);
  return Number.isFinite(value) && level.trim() !== '' ? value : 0;
}
