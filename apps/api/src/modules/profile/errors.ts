import { PROFILE_ERRORS } from '@ojo/domain/error-catalogue';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import { PROFILE_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/** The profile module's errors: HTTP status here; code, msgKey and text from the catalogue. */
export const profileErrors = {
  /** product.md 5: the handle rule's exact text. */
  handleInvalid: (text: string) => new AppError(400, PROFILE_ERRORS.handleInvalid, text),
  /** product.md 5: a handle in the server whitelist. */
  handleReserved: () => new AppError(409, PROFILE_ERRORS.handleReserved),
  /** product.md 8: 'HANDLE_TAKEN, This handle name is not available. Please try another.' */
  handleTaken: () => new AppError(409, PROFILE_ERRORS.handleTaken, PROFILE_TEXT.handleNotAvailable),
  smartAccountRequired: () => new AppError(403, PROFILE_ERRORS.smartAccountRequired),
  profileExists: () => new AppError(409, PROFILE_ERRORS.profileExists),
  /** All players' registrations of the last 24 h reached PROFILE_DAILY_REGISTRATIONS. */
  dailyLimit: () => new AppError(429, PROFILE_ERRORS.dailyLimit),
  /** The registrar spent PROFILE_DAILY_GAS_BUDGET_WEI on registrations in the last 24 h. */
  gasBudget: () => new AppError(429, PROFILE_ERRORS.gasBudget),
  /** Registrations started from this client address in the last 24 h reached PROFILE_DAILY_PER_CLIENT. */
  clientDailyLimit: () => new AppError(429, PROFILE_ERRORS.clientDailyLimit),
} as const;

/** Codes a failed registration records (GET /profile `failure_code`); the web maps HANDLE_TAKEN to the form. */
export const REGISTRATION_FAILURE = {
  handleTaken: PROFILE_ERRORS.handleTaken.code,
  handleReserved: PROFILE_ERRORS.handleReserved.code,
  profileExists: PROFILE_ERRORS.profileExists.code,
  transactionFailed: ERROR_CODES.TRANSACTION_FAILED,
} as const;
