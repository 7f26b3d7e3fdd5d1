import { AMOUNT_MAX_DECIMALS, AMOUNT_MAX_INTEGER_DIGITS, BALANCE_ASSET } from '../constants';
import { formatAmount } from '../format/amount';
import { compareDecimals, toBaseUnits } from '../format/decimal';
import { WALLET_TEXT } from '../messages';

/**
 * spec 5 Send amount: 'The input strips characters that are neither digits nor a dot, allows one dot, at most 8
 * decimals and at most 8 integer digits, and removes leading zeros.'
 * Extra dots, extra digits and leading zeros of the integer part are dropped; one zero stays before the dot
 * ('000.5' -> '0.5', '.5' -> '0.5', '007' -> '7', '00' -> '0'). A trailing dot stays so typing '1.' works.
 */
export function sanitizeAmountInput(raw: string): string {
  const kept = raw.replace(/[^0-9.]/g, '');
  const dotAt = kept.indexOf('.');
  const hasDot = dotAt !== -1;
  const wholeRaw = hasDot ? kept.slice(0, dotAt) : kept;
  const fraction = hasDot ? kept.slice(dotAt + 1).replace(/\./g, '') : '';
  let whole = wholeRaw.replace(/^0+/, '').slice(0, AMOUNT_MAX_INTEGER_DIGITS);
  if (whole === '' && (hasDot || wholeRaw.length > 0)) whole = '0';
  if (!hasDot) return whole;
  return `${whole}.${fraction.slice(0, AMOUNT_MAX_DECIMALS)}`;
}

const AMOUNT_INPUT_FORMAT = new RegExp(
  `^(0|[1-9]\\d{0,${AMOUNT_MAX_INTEGER_DIGITS - 1}})(\\.\\d{0,${AMOUNT_MAX_DECIMALS}})?$`,
);

/** True when the text has the shape sanitizeAmountInput produces (possibly still being typed, e.g. '1.'). */
export function isAmountInputFormat(value: string): boolean {
  return AMOUNT_INPUT_FORMAT.test(value);
}

/** spec 5 Send address: 'Must start with 0x and be exactly 42 characters'. */
export const SEND_ADDRESS_LENGTH = 42;

/** '0x' and 40 hex digits: 42 characters that can name an account (letters past 'f' cannot). */
const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * spec 5 Send address: required, then '0x' prefix and exactly 42 characters, all after '0x' hex digits (42
 * characters that are not an address would only fail in the account provider). Null when valid.
 */
export function validateSendAddress(address: string): string | null {
  if (address === '') return WALLET_TEXT.addressRequired;
  if (address.length !== SEND_ADDRESS_LENGTH || !ETH_ADDRESS.test(address)) return WALLET_TEXT.addressInvalid;
  return null;
}

/** A number the amount field accepts: digits with an optional dot and optional decimals ('1', '1.', '0.25'). */
const AMOUNT_NUMBER = /^\d+(\.\d*)?$|^\.\d+$/;

/**
 * spec 5 Send amount: required ('Amount is required'), a number above 0 ('Please enter a valid positive amount'),
 * not above the balance ('The maximum amount is {balance} ETH'). The balance is a decimal ETH string; the message
 * shows it grouped by 3 digits like every amount, the comparison is exact in wei.
 */
export function validateSendAmount(amount: string, balanceEth: string): string | null {
  if (amount === '') return WALLET_TEXT.amountRequired;
  if (!AMOUNT_NUMBER.test(amount)) return WALLET_TEXT.amountInvalid;
  const normalized = normalizeAmountNumber(amount);
  if (compareDecimals(normalized, '0') <= 0) return WALLET_TEXT.amountInvalid;
  if (compareDecimals(normalized, balanceEth) > 0)
    return WALLET_TEXT.amountOverBalance(formatAmount(balanceEth));
  return null;
}

/** spec 5 Send address: 'The error shows only if the field is non-empty.' */
export function visibleFieldError(value: string, error: string | null | undefined): string | null {
  return value !== '' && error ? error : null;
}

export interface SendFormState {
  address: string;
  amount: string;
  balanceEth: string;
  isSubmitting: boolean;
}

/** spec 5 Send amount: 'Confirm is disabled while submitting or while either field is empty or invalid.' */
export function canConfirmSend(state: SendFormState): boolean {
  return (
    !state.isSubmitting &&
    state.address !== '' &&
    state.amount !== '' &&
    validateSendAddress(state.address) === null &&
    validateSendAmount(state.amount, state.balanceEth) === null
  );
}

/** The amount to send in wei, or null when the text is not a valid amount. */
export function sendAmountToWei(amount: string): bigint | null {
  if (!AMOUNT_NUMBER.test(amount)) return null;
  return toBaseUnits(normalizeAmountNumber(amount), BALANCE_ASSET.decimals);
}

/** '1.' -> '1', '.5' -> '0.5', so the exact decimal helpers can read what the user typed. */
function normalizeAmountNumber(amount: string): string {
  const withWhole = amount.startsWith('.') ? `0${amount}` : amount;
  return withWhole.endsWith('.') ? withWhole.slice(0, -1) : withWhole;
}

/** spec 8: 'Token price fails: The message given, or 'Failed to fetch {symbol} price''. */
export function tokenPriceErrorMessage(message: string | null | undefined, symbol: string): string {
  return message || WALLET_TEXT.tokenPriceFailed(symbol);
}
