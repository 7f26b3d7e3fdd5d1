import { ASSET_TYPES, type AssetType, type BusinessType } from '../enums';

/**
 * Money in the games: integers in base units (ARCHITECTURE.md (API conventions): whole OJO, whole points), as bigint in
 * arithmetic and as decimal strings in every document that is stored, sent or hashed (JSON has no bigint).
 */

/** product.md 3 'Asset and point types: POINT, OJO.': a game is played with OJO or with points, one pool per currency. */
export const GAME_CURRENCIES = ASSET_TYPES;
export type GameCurrency = AssetType;

/** product.md 3 'Tab/business types: points, ojo.': the tab of each currency on the tickets, prize-pool and rank pages. */
export const CURRENCY_BUSINESS_TYPE = { OJO: 'ojo', POINT: 'points' } as const satisfies Record<
  GameCurrency,
  BusinessType
>;

export function currencyOfBusinessType(businessType: BusinessType): GameCurrency {
  return businessType === 'ojo' ? 'OJO' : 'POINT';
}

/** A non-negative integer amount written in decimal without sign, leading zeros or exponent. */
export type BaseUnits = string;

const BASE_UNITS = /^(0|[1-9][0-9]*)$/;

export function isBaseUnits(value: unknown): value is BaseUnits {
  return typeof value === 'string' && value.length <= 78 && BASE_UNITS.test(value);
}

/** Parses a BaseUnits string; throws on anything else (documents are checked before they are read). */
export function parseBaseUnits(value: string): bigint {
  if (!isBaseUnits(value)) throw new TypeError(`not an amount in base units: ${JSON.stringify(value)}`);
  return BigInt(value);
}

/** A per-currency record of amounts, zero for both. */
export function zeroByCurrency(): Record<GameCurrency, BaseUnits> {
  return { OJO: '0', POINT: '0' };
}
