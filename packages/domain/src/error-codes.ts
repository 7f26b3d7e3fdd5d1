/** Error codes and msgKeys the spec names (points 4, 7 and 8); envelopes carry codes as strings. */
export const ERROR_CODES = {
  /** Cancel redeem: order not found. */
  ORDER_NOT_FOUND: '1109',
  /** Wallet bind: something went wrong. */
  WALLET_BIND_FAILED: '1115',
  /** Wallet bind: address bound to another account. */
  WALLET_BOUND_TO_ANOTHER_ACCOUNT: '1116',
  /** Wallet bind: this account already bound other addresses. */
  WALLET_ALREADY_BOUND_OTHER: '1117',
  /** Login: cause code that opens a warning popup. */
  LOGIN_WARNING_POPUP: '5115',
  /** Task verify: the social account is not connected; redirect to the provider connect URL. */
  TASK_NEEDS_CONNECT: '100020',
  /** Task verify: the social account is bound to another account. */
  TASK_PLATFORM_BOUND_ELSEWHERE: '100023',
  /** Task verify: service busy. */
  TASK_SERVICE_BUSY: '100028',
  /** Task verify: the task is not offered (any more); spec 8 'task id 404006' refreshes the list. */
  TASK_UNAVAILABLE: '404006',
  /** Profile creation: handle taken. */
  HANDLE_TAKEN: 'HANDLE_TAKEN',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const MSG_KEYS = {
  BADGE_CHECK_PROCESSING: 'badge_check_or_mint_processing',
  PUBLIC_KEY_ALREADY_BOUND: 'customer.public.key.already.binded',
} as const;

/** Compares a code from an envelope (string or number) with a catalogue code. */
export function isErrorCode(code: unknown, expected: ErrorCode): boolean {
  return (typeof code === 'string' || typeof code === 'number') && String(code) === expected;
}
