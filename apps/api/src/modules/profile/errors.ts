import { PROFILE_ERRORS } from '@ojo/domain/error-catalogue';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import { PROFILE_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/** The profile module's errors: HTTP status here; code, msgKey and text from the catalogue. */
export const profileErrors = {
  /** spec 5: the handle rule's exact text. */
  handleInvalid: (text: string) => AppError.of(400, PROFILE_ERRORS.handleInvalid, text),
  /** spec 5: a handle in the server whitelist. */
  handleReserved: () => AppError.of(409, PROFILE_ERRORS.handleReserved),
  /** spec 8: 'HANDLE_TAKEN, This handle name is not available. Please try another.' */
  handleTaken: () => AppError.of(409, PROFILE_ERRORS.handleTaken, PROFILE_TEXT.handleNotAvailable),
  smartAccountRequired: () => AppError.of(403, PROFILE_ERRORS.smartAccountRequired),
  profileExists: () => AppError.of(409, PROFILE_ERRORS.profileExists),
  /** All players' registrations of the last 24 h reached PROFILE_DAILY_REGISTRATIONS. */
  dailyLimit: () => AppError.of(429, PROFILE_ERRORS.dailyLimit),
  /** The registrar spent PROFILE_DAILY_GAS_BUDGET_WEI on registrations in the last 24 h. */
  gasBudget: () => AppError.of(429, PROFILE_ERRORS.gasBudget),
  /** Registrations started from this client address in the last 24 h reached PROFILE_DAILY_PER_CLIENT. */
  clientDailyLimit: () => AppError.of(429, PROFILE_ERRORS.clientDailyLimit),
} as const;

/** Codes a failed registration records (GET /profile `failure_code`); the web maps HANDLE_TAKEN to the form. */
export const REGISTRATION_FAILURE = {
  handleTaken: ERROR_CODES.HANDLE_TAKEN,
  handleReserved: PROFILE_ERRORS.handleReserved.code,
  profileExists: PROFILE_ERRORS.profileExists.code,
  transactionFailed: 'TRANSACTION_FAILED',
} as const;
