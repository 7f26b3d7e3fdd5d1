import { AMOUNT_MAX_DECIMALS } from '@ojo/domain/constants';
import { truncateDecimal } from '@ojo/domain/format/decimal';
import { canConfirmSend, validateSendAddress, validateSendAmount } from '@ojo/domain/wallet/send';
import { sendFeeRoomError } from '@ojo/domain/wallet/send-fee';
import { useState } from 'react';

type Field = 'address' | 'amount';

/**
 * The send form's state and rules (product.md 5 Send address, Send amount). Each field is checked on change and on blur.
 * A format error shows only while the field is non-empty (product.md 5); the 'is required' message shows once the
 * field was touched and left empty, so clearing a field says what is missing. The whole balance is refused: the
 * network fee comes from it too.
 */
export function useSendForm(balanceEth: string) {
  // The most that can be sent: the balance to the input's 8 decimals, as the amount message shows it.
  const maxEth = truncateDecimal(balanceEth, AMOUNT_MAX_DECIMALS);
  const [values, setValues] = useState({ address: '', amount: '' });
  const [touched, setTouched] = useState({ address: false, amount: false });

  const errorOf = (field: Field, value = values[field]) => {
    if (!touched[field]) return null;
    if (field === 'address') return validateSendAddress(value);
    return validateSendAmount(value, maxEth) ?? sendFeeRoomError(value, maxEth);
  };

  return {
    values,
    maxEth,
    errors: { address: errorOf('address'), amount: errorOf('amount') },
    setAddress(raw: string) {
      setValues((current) => ({ ...current, address: raw.trim() }));
      setTouched((current) => ({ ...current, address: true }));
    },
    setAmount(raw: string) {
      setValues((current) => ({ ...current, amount: raw }));
      setTouched((current) => ({ ...current, amount: true }));
    },
    blur(field: Field) {
      setTouched((current) => ({ ...current, [field]: true }));
    },
    canConfirm: (isSubmitting: boolean) =>
      canConfirmSend({ address: values.address, amount: values.amount, balanceEth: maxEth, isSubmitting }) &&
      sendFeeRoomError(values.amount, maxEth) === null,
    reset() {
      setValues({ address: '', amount: '' });
      setTouched({ address: false, amount: false });
    },
  };
}
