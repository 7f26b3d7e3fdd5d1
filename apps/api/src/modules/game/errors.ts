import type { DashRefusal } from '@ojo/domain/game/dash/refusals';
import { AppError } from '../../lib/errors';

/** The game module's errors: code, msgKey, HTTP status and text, in one place (a player's mistake is a 4xx). */
export const gameErrors = {
  roundNotFound: () => new AppError(404, 'GAME_ROUND_NOT_FOUND', 'game.round.notFound', 'No such round.'),
  betNotFound: () => new AppError(404, 'GAME_BET_NOT_FOUND', 'game.bet.notFound', 'No such bet.'),
  seasonNotFound: () => new AppError(404, 'GAME_SEASON_NOT_FOUND', 'game.season.notFound', 'No such season.'),
  notSettled: () =>
    new AppError(404, 'GAME_ROUND_NOT_SETTLED', 'game.round.notSettled', 'The round is not settled yet.'),
  seasonNotSettled: () =>
    new AppError(404, 'GAME_SEASON_NOT_SETTLED', 'game.season.notSettled', 'The season is not settled yet.'),
  /** The round refused the bet (closed, below the minimum, unknown track, ...): the domain's code and sentence. */
  refused: (why: DashRefusal) =>
    new AppError(409, `GAME_${why.code.toUpperCase()}`, `game.bet.${why.code}`, why.message),
  insufficientBalance: () =>
    new AppError(409, 'GAME_BALANCE_LOW', 'game.bet.balanceLow', 'Your balance does not cover this bet.'),
  staleRevision: () =>
    new AppError(
      409,
      'GAME_BET_REVISION',
      'game.bet.revision',
      'This bet changed meanwhile; refresh and try again.',
    ),
  betWithdrawn: () =>
    new AppError(409, 'GAME_BET_WITHDRAWN', 'game.bet.withdrawn', 'This bet was withdrawn.'),
  clientBetReused: () =>
    new AppError(
      409,
      'GAME_BET_KEY_REUSED',
      'game.bet.keyReused',
      'This bet id was already used for another bet.',
    ),
} as const;
