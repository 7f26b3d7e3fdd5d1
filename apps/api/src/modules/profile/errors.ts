import { ERROR_CODES } from '@ojo/domain/error-codes';
import { PROFILE_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/** The profile module's errors: code, msgKey, HTTP status and text, in one place. */
export const profileErrors = {
  /** spec 5: the handle rule's exact text. */
  handleInvalid: (text: string) => new AppError(400, 'HANDLE_INVALID', 'profile.handle.invalid', text),
  /** spec 5: a handle in the server whitelist. */
  handleReserved: () =>
    new AppError(409, 'HANDLE_RESERVED', 'profile.handle.reserved', PROFILE_TEXT.handleNotAvailable),
  /** spec 8: 'HANDLE_TAKEN, This handle name is not available. Please try another.' */
  handleTaken: () =>
    new AppError(409, ERROR_CODES.HANDLE_TAKEN, ERROR_CODES.HANDLE_TAKEN, PROFILE_TEXT.handleNotAvailable),
  smartAccountRequired: () =>
    new AppError(
      403,
      'SMART_ACCOUNT_REQUIRED',
      'profile.smart.account.required',
      'Bind a smart account before creating a profile',
    ),
  profileExists: () => new AppError(409, 'PROFILE_EXISTS', 'profile.exists', PROFILE_TEXT.alreadyCreated),
  /** All players' registrations of the last 24 h reached PROFILE_DAILY_REGISTRATIONS. */
  dailyLimit: () =>
    new AppError(
      429,
      'PROFILE_DAILY_LIMIT',
      'profile.daily.limit',
      'Too many profiles were created today. Please try again tomorrow.',
    ),
  /** The registrar spent PROFILE_DAILY_GAS_BUDGET_WEI on registrations in the last 24 h. */
  gasBudget: () =>
    new AppError(
      429,
      'PROFILE_GAS_BUDGET',
      'profile.gas.budget',
      'Profile creation is paused for today. Please try again tomorrow.',
    ),
} as const;

/** Codes a failed registration records (GET /profile `failure_code`); the web maps HANDLE_TAKEN to the form. */
export const REGISTRATION_FAILURE = {
  handleTaken: ERROR_CODES.HANDLE_TAKEN,
  handleReserved: 'HANDLE_RESERVED',
  profileExists: 'PROFILE_EXISTS',
  transactionFailed: 'TRANSACTION_FAILED',
} as const;
