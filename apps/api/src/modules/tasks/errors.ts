import { ERROR_CODES } from '@ojo/domain/error-codes';
import { TASK_TEXT } from '@ojo/domain/messages';
import { AppError } from '../../lib/errors';

/**
 * The tasks module's codes and msgKeys (spec 8 task verify rows). A verify that fails for the player's reason is a
 * verdict (`success: false` with the code and the task's outcome, HTTP 200); the AppErrors below are refusals.
 */
export const TASK_FAILURE = {
  /** 100020: the platform is not connected; the page sends the player to `connectUrl` and resumes on return. */
  needsConnect: { code: ERROR_CODES.TASK_NEEDS_CONNECT, msgKey: 'task.platform.not.connected' },
  /** 100023: the platform account is bound to another player. */
  boundElsewhere: {
    code: ERROR_CODES.TASK_PLATFORM_BOUND_ELSEWHERE,
    msgKey: 'task.platform.bound.elsewhere',
  },
  /** 100028: the platform did not answer (or answered 5xx/429), or the player verifies too often. */
  serviceBusy: { code: ERROR_CODES.TASK_SERVICE_BUSY, msgKey: 'task.service.busy' },
  /** 404006: the task is not offered (any more); the page refreshes its list. */
  unavailable: { code: ERROR_CODES.TASK_UNAVAILABLE, msgKey: 'task.unavailable' },
  /** The platform answered and the task is not done yet (spec 8 'other'; osp_profile_create by its code). */
  notMet: { code: 'TASK_NOT_MET', msgKey: 'task.not.met' },
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
  notFound: () =>
    new AppError(
      404,
      ERROR_CODES.TASK_UNAVAILABLE,
      TASK_FAILURE.unavailable.msgKey,
      TASK_TEXT.verifyFailedRetry30s,
    ),
  notDoTask: () =>
    new AppError(
      409,
      'TASK_NEEDS_VERIFY',
      'task.needs.verify',
      'This task is checked with its platform: verify it',
    ),
  notXTask: () => new AppError(404, 'TASK_NOT_X_POST', 'task.not.x.post', 'This task asks for no post on X'),
  /** The OAuth state is unknown, used, expired or not this player's. */
  stateInvalid: () =>
    new AppError(
      400,
      'SOCIAL_STATE_INVALID',
      'social.state.invalid',
      'The connection expired, please try again',
    ),
  /** The verify rate limit per player (answered with the busy code the page knows). */
  tooManyVerifies: () =>
    new AppError(429, ERROR_CODES.TASK_SERVICE_BUSY, TASK_FAILURE.serviceBusy.msgKey, TASK_TEXT.serviceBusy),
} as const;
