import { TASK_ERRORS } from '@ojo/domain/error-catalogue';
import { AppError } from '../../lib/errors';

/**
 * The tasks module's codes and msgKeys (product.md 8 task verify rows), from the catalogue the web reads too. A verify that fails for the player's reason is a
 * verdict (`success: false` with the code and the task's outcome, HTTP 200); the AppErrors below are refusals.
 */
export const TASK_FAILURE = {
  needsConnect: TASK_ERRORS.needsConnect,
  boundElsewhere: TASK_ERRORS.boundElsewhere,
  serviceBusy: TASK_ERRORS.serviceBusy,
  unavailable: TASK_ERRORS.unavailable,
  notMet: TASK_ERRORS.notMet,
} as const;
export type TaskFailureKind = keyof typeof TASK_FAILURE;

/** Thrown by a verifier; verify-task turns it into the failure envelope. */
export class TaskFailure extends Error {
  override readonly name = 'TaskFailure';
  constructor(
    readonly kind: TaskFailureKind,
    /** For needsConnect: the platform to connect. */
    readonly connect?: 'twitter' | 'telegram' | 'discord',
  ) {
    super(kind);
  }
}

export const taskErrors = {
  notFound: () => new AppError(404, TASK_ERRORS.unavailable),
  notDoTask: () => new AppError(409, TASK_ERRORS.needsVerify),
  notXTask: () => new AppError(404, TASK_ERRORS.notXPost),
  /** The OAuth state is unknown, used, expired or not this player's. */
  stateInvalid: () => new AppError(400, TASK_ERRORS.socialStateInvalid),
  /** The verify rate limit per player (answered with the busy code the page knows). */
  tooManyVerifies: () => new AppError(429, TASK_ERRORS.serviceBusy),
} as const;
