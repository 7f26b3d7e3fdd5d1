import { BALANCE_ASSET } from '../constants';
import { formatAmount } from '../format/amount';
import { ETH_UNITS, parseAmountInput } from '../format/amount-input';
import { compareDecimals, toBaseUnits } from '../format/decimal';
import { AMOUNT_INPUT_TEXT, WALLET_TEXT } from '../messages';

/** product.md 5 Send address: 'Must start with 0x and be exactly 42 characters'. */
export const SEND_ADDRESS_LENGTH = 42;

/** '0x' and 40 hex digits: 42 characters that can name an account (letters past 'f' cannot). */
const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * product.md 5 Send address: required, then '0x' prefix and exactly 42 characters, all after '0x' hex digits (42
 * characters that are not an address would only fail in the account provider). Null when valid.
 */
export function validateSendAddress(address: string): string | null {
  if (address === '') return WALLET_TEXT.addressRequired;
  if (address.length !== SEND_ADDRESS_LENGTH || !ETH_ADDRESS.test(address)) return WALLET_TEXT.addressInvalid;
  return null;
}

/**
 * product.md 5 Send amount: required ('Amount is required'), a number above 0 ('Please enter a valid positive amount'),
 * not above the balance ('The maximum amount is {balance} ETH'). The field keeps the text as typed (up to 8
 * decimals and 8 integer digits, parseAmountInput says what is wrong otherwise). The balance is a decimal ETH string,
 * shown in the message grouped by 3 digits; the comparison is exact in wei.
 */
export function validateSendAmount(amount: string, balanceEth: string): string | null {
  const read = parseAmountInput(amount, ETH_UNITS);
  if (read.kind === 'empty') return WALLET_TEXT.amountRequired;
  // Text that is no number at all gets product.md 5's own words for this field.
  if (read.kind === 'invalid') {
    return read.error === AMOUNT_INPUT_TEXT.invalidCharacter ? WALLET_TEXT.amountInvalid : read.error;
  }
  if (compareDecimals(read.value, '0') <= 0) return WALLET_TEXT.amountInvalid;
  if (compareDecimals(read.value, balanceEth) > 0)
    return WALLET_TEXT.amountOverBalance(formatAmount(balanceEth));
  return null;
}

/** product.md 5 Send address: 'The error shows only if the field is non-empty.' */
export function visibleFieldError(value: string, error: string | null | undefined): string | null {
  return value !== '' && error ? error : null;
}

export interface SendFormState {
  address: string;
  amount: string;
  balanceEth: string;
  isSubmitting: boolean;
}

/** product.md 5 Send amount: 'Confirm is disabled while submitting or while either field is empty or invalid.' */
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
  const read = parseAmountInput(amount, ETH_UNITS);
  return read.kind === 'amount' ? toBaseUnits(read.value, BALANCE_ASSET.decimals) : null;
}

/** product.md 8: 'Token price fails: The message given, or 'Failed to fetch {symbol} price''. */
export function tokenPriceErrorMessage(message: string | null | undefined, symbol: string): string {
  return message || WALLET_TEXT.tokenPriceFailed(symbol);
}
