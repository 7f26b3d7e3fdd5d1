import { AMOUNT_MAX_DECIMALS, AMOUNT_MAX_INTEGER_DIGITS } from '../constants';
import { AMOUNT_INPUT_TEXT } from '../messages';

/**
 * What an amount field reads from the text the player typed. The field keeps the text as typed: an amount that
 * changed silently (a dot dropped, '200.5' read as 2005) would move more money than the player meant, so a text
 * that is not an amount is an error the field shows, and its action stays disabled.
 */
export type AmountInput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'invalid'; readonly error: string }
  /** `value`: the amount as a plain decimal, leading zeros and a bare trailing dot dropped ('0200' -> '200'). */
  | { readonly kind: 'amount'; readonly value: string };

export interface AmountInputRule {
  /** Decimals the unit takes: 0 for whole units (OJO, FishXP), 8 for ETH (product.md 9 'at most 8 decimals'). */
  readonly maxDecimals: number;
  /** product.md 9 'at most ... 8 integer digits'. */
  readonly maxIntegerDigits?: number;
}

/**
 * Whole OJO or FishXP: bets, buys and redeems. Their own minimum and maximum say when an amount is too large, so the
 * digit cap is only the API's widest amount (78 digits).
 */
export const WHOLE_UNITS: AmountInputRule = { maxDecimals: 0, maxIntegerDigits: 78 };
/** ETH sent from the wallet. */
export const ETH_UNITS: AmountInputRule = { maxDecimals: AMOUNT_MAX_DECIMALS };

/** Reads an amount field's text by its unit's rule. */
export function parseAmountInput(text: string, rule: AmountInputRule): AmountInput {
  if (text === '') return { kind: 'empty' };
  if (!/^[0-9.]+$/.test(text) || text === '.' || text.indexOf('.') !== text.lastIndexOf('.')) {
    return { kind: 'invalid', error: AMOUNT_INPUT_TEXT.invalidCharacter };
  }
  const [wholeText = '', fraction = ''] = text.split('.');
  if (text.includes('.') && rule.maxDecimals === 0)
    return { kind: 'invalid', error: AMOUNT_INPUT_TEXT.wholeOnly };
  if (fraction.length > rule.maxDecimals) {
    return { kind: 'invalid', error: AMOUNT_INPUT_TEXT.tooManyDecimals(rule.maxDecimals) };
  }
  const whole = wholeText.replace(/^0+(?=\d)/, '') || '0';
  const maxIntegerDigits = rule.maxIntegerDigits ?? AMOUNT_MAX_INTEGER_DIGITS;
  if (whole.length > maxIntegerDigits) {
    return { kind: 'invalid', error: AMOUNT_INPUT_TEXT.tooManyDigits(maxIntegerDigits) };
  }
  return { kind: 'amount', value: fraction === '' ? whole : `${whole}.${fraction}` };
}
