/**
 * Exact decimal arithmetic on strings and bigint, so money never goes through floating point.
 * A decimal is `sign * units / 10^scale`.
 */
export interface Decimal {
  negative: boolean;
  units: bigint;
  scale: number;
}

/** product.md 5 Other: 'a plain signed decimal pattern' (optional sign, digits, optional dot followed by digits). */
export const PLAIN_DECIMAL_PATTERN = /^[-+]?\d+(\.\d+)?$/;

export function isPlainDecimal(value: string): boolean {
  return PLAIN_DECIMAL_PATTERN.test(value);
}

/**
 * Writes a finite number as a plain decimal string (no exponent), using the shortest text that round-trips,
 * so 0.3 stays '0.3' and 1e-7 becomes '0.0000001'. Returns null for NaN and infinities.
 */
export function numberToDecimalString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  const digits = whole + fraction;
  const pointAt = whole.length + exponent;
  let result: string;
  // String(number) uses an exponent only below 1e-6 or from 1e21 on, so the point never falls inside the digits.
  if (pointAt <= 0) result = `0.${'0'.repeat(-pointAt)}${digits}`;
  else result = digits.padEnd(pointAt, '0');
  return sign + stripZeros(result);
}

/** Removes leading integer zeros and trailing fraction zeros ('007.50' -> '7.5', '-0.0' -> '0'). */
function stripZeros(text: string): string {
  const negative = text.startsWith('-');
  const body = negative || text.startsWith('+') ? text.slice(1) : text;
  const [whole = '', fraction = ''] = body.split('.');
  const cleanWhole = whole.replace(/^0+(?=\d)/, '') || '0';
  const cleanFraction = fraction.replace(/0+$/, '');
  const result = cleanFraction ? `${cleanWhole}.${cleanFraction}` : cleanWhole;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/** Parses a plain decimal string or a finite number; anything else is null. */
export function parseDecimal(value: string | number | bigint): Decimal | null {
  if (typeof value === 'bigint')
    return { negative: value < 0n, units: value < 0n ? -value : value, scale: 0 };
  const text = typeof value === 'number' ? numberToDecimalString(value) : value;
  if (text === null || !isPlainDecimal(text)) return null;
  const negative = text.startsWith('-');
  const body = /^[-+]/.test(text) ? text.slice(1) : text;
  const [whole = '', fraction = ''] = body.split('.');
  const units = BigInt(whole + fraction);
  return { negative: negative && units !== 0n, units, scale: fraction.length };
}

/**
 * product.md 5 Other: 'Balance and amount strings are accepted only if they match a plain signed decimal pattern, else
 * shown as 0.' Numbers are accepted when finite.
 */
export function acceptDecimalString(value: unknown): string {
  if (typeof value === 'string') return isPlainDecimal(value) ? value : '0';
  if (typeof value === 'number') return numberToDecimalString(value) ?? '0';
  if (typeof value === 'bigint') return value.toString();
  return '0';
}

/** Converts a decimal to integer base units (e.g. ETH to wei), truncating extra decimals toward zero. */
export function toBaseUnits(value: string | number | bigint, decimals: number): bigint | null {
  const parsed = parseDecimal(value);
  if (!parsed) return null;
  const magnitude =
    parsed.scale <= decimals
      ? parsed.units * 10n ** BigInt(decimals - parsed.scale)
      : parsed.units / 10n ** BigInt(parsed.scale - decimals);
  return parsed.negative ? -magnitude : magnitude;
}

/** Writes base units as a plain decimal string without trailing zeros (wei 1500000000000000000n, 18 -> '1.5'). */
export function fromBaseUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  // The digits of a bigint have no leading zero, so only the fraction's trailing zeros need cutting (every history
  // and balance line runs this: no regular expressions, no second pass).
  const magnitude = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const wholeLength = magnitude.length - decimals;
  let end = magnitude.length;
  while (end > wholeLength && magnitude.charCodeAt(end - 1) === 48) end -= 1;
  const text =
    end > wholeLength
      ? `${magnitude.slice(0, wholeLength)}.${magnitude.slice(wholeLength, end)}`
      : magnitude.slice(0, wholeLength);
  return negative ? `-${text}` : text;
}

/** Compares two decimals exactly: -1, 0 or 1. Inputs that do not parse count as 0. */
export function compareDecimals(a: string | number | bigint, b: string | number | bigint): -1 | 0 | 1 {
  const left = parseDecimal(a) ?? ZERO;
  const right = parseDecimal(b) ?? ZERO;
  const scale = Math.max(left.scale, right.scale);
  const l = signed(left) * 10n ** BigInt(scale - left.scale);
  const r = signed(right) * 10n ** BigInt(scale - right.scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** floor(a * b) exactly, for decimals given as strings or numbers; null when either does not parse. */
export function multiplyFloor(a: string | number | bigint, b: string | number | bigint): bigint | null {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  if (!left || !right) return null;
  const numerator = signed(left) * signed(right);
  const denominator = 10n ** BigInt(left.scale + right.scale);
  const quotient = numerator / denominator;
  // bigint division truncates toward zero; floor needs one less for negative non-integers.
  return numerator < 0n && quotient * denominator !== numerator ? quotient - 1n : quotient;
}

/** Truncates a plain decimal string to at most `maxDecimals` fraction digits, without rounding, trimming zeros. */
export function truncateDecimal(value: string, maxDecimals: number): string {
  const parsed = parseDecimal(value);
  if (!parsed) return '0';
  const units = toBaseUnits(value, maxDecimals) ?? 0n;
  return fromBaseUnits(units, maxDecimals);
}

/** Rounds a plain decimal string half away from zero to exactly `decimals` fraction digits. */
export function roundDecimalFixed(value: string, decimals: number): string {
  const parsed = parseDecimal(value) ?? ZERO;
  let magnitude: bigint;
  if (parsed.scale <= decimals) magnitude = parsed.units * 10n ** BigInt(decimals - parsed.scale);
  else {
    const divisor = 10n ** BigInt(parsed.scale - decimals);
    magnitude = parsed.units / divisor;
    if ((parsed.units % divisor) * 2n >= divisor) magnitude += 1n;
  }
  const digits = magnitude.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const sign = parsed.negative && magnitude !== 0n ? '-' : '';
  return `${sign}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** product.md 5 Other: '3-digit grouping' of the integer part ('1234567.5' -> '1,234,567.5'). */
export function groupThousands(plainDecimal: string): string {
  const [whole = '', fraction] = plainDecimal.split('.');
  const sign = /^[-+]/.test(whole) ? whole[0] : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

const ZERO: Decimal = { negative: false, units: 0n, scale: 0 };

function signed(decimal: Decimal): bigint {
  return decimal.negative ? -decimal.units : decimal.units;
}
