import { GAME_ERRORS, GAME_REFUSAL_ERRORS } from '@ojo/domain/error-catalogue';
import type { DashRefusal } from '@ojo/domain/game/dash/refusals';
import { AppError } from '../../lib/errors';

/** The game module's errors: HTTP status here (a player's mistake is a 4xx); code, msgKey and text from the catalogue. */
export const gameErrors = {
  roundNotFound: () => new AppError(404, GAME_ERRORS.roundNotFound),
  betNotFound: () => new AppError(404, GAME_ERRORS.betNotFound),
  seasonNotFound: () => new AppError(404, GAME_ERRORS.seasonNotFound),
  notSettled: () => new AppError(404, GAME_ERRORS.roundNotSettled),
  seasonNotSettled: () => new AppError(404, GAME_ERRORS.seasonNotSettled),
  /** The round refused the bet (closed, below the minimum, unknown track, ...): the domain's code and sentence. */
  refused: (why: DashRefusal) => new AppError(409, GAME_REFUSAL_ERRORS[why.code], why.message),
  insufficientBalance: () => new AppError(409, GAME_ERRORS.balanceLow),
  staleRevision: () => new AppError(409, GAME_ERRORS.betRevision),
  betWithdrawn: () => new AppError(409, GAME_ERRORS.betWithdrawn),
  clientBetReused: () => new AppError(409, GAME_ERRORS.betKeyReused),
} as const;
