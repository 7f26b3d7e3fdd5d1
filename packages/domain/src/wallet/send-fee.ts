import { formatAmount } from '../format/amount';
import { compareDecimals } from '../format/decimal';
import { WALLET_TEXT } from '../messages';

/**
 * A send's network fee is paid by the same smart account, after the amount: a send of the whole balance leaves
 * nothing for it and always fails. The whole balance (as the field shows it, to 8 decimals) is refused with a text
 * that says why; an amount above it has the spec's own message. Null when there is room, or the text is not an
 * amount yet (the spec's checks answer that).
 */
export function sendFeeRoomError(amount: string, balanceEth: string): string | null {
  if (!/^\d+(\.\d+)?$/.test(amount) || !/^\d+(\.\d+)?$/.test(balanceEth)) return null;
  if (compareDecimals(balanceEth, '0') <= 0) return null;
  return compareDecimals(amount, balanceEth) === 0
    ? WALLET_TEXT.feeFromBalance(formatAmount(balanceEth))
    : null;
}
