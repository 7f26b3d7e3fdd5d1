import {
  changeBetRoute,
  getBattleHistoryRoute,
  getBattlePoolsRoute,
  getBattleProgressRoute,
  getBattleVerifyRoute,
  placeBetRoute,
  withdrawBetRoute,
} from '@ojo/api-contract/game/http';
import { DASH_GAME } from '@ojo/domain/game/dash/rules';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/route';
import { optionalUserId } from '../optional-user';
import { getBattleHistory, getBattlePools, getBattleProgress, getPublishedRound } from './get-round-views';
import { changeBet, placeBet, withdrawBet } from './place-bet';

/** The Dojo Dash race's calls (packages/api-contract game/http.ts): a round's progress and pools, bets, history. */
export function registerDashRoutes(app: FastifyInstance): void {
  const announceBet = (userId: string, bet: Awaited<ReturnType<typeof placeBet>>['bet']) =>
    app.game.bus
      .publish({ to: userId, game: DASH_GAME, message: { type: 'bet', bet } })
      .catch((error: unknown) => app.log.warn({ err: error }, 'game bet publish failed'));

  registerRoute(app, getBattleProgressRoute, async (request) =>
    getBattleProgress(app.db, request.params.id, await optionalUserId(app, request), app.now()),
  );
  registerRoute(app, getBattlePoolsRoute, async () => getBattlePools(app.db));
  registerRoute(app, placeBetRoute, async (request) => {
    const { bet, isNew } = await placeBet(
      app.db,
      {
        roundId: request.params.id,
        userId: request.user.id,
        currency: request.body.currency,
        track: request.body.track,
        amount: BigInt(request.body.amount),
        clientBetId: request.body.clientBetId,
      },
      app.now(),
    );
    if (isNew) await announceBet(request.user.id, bet);
    return bet;
  });
  registerRoute(app, changeBetRoute, async (request) => {
    const bet = await changeBet(
      app.db,
      {
        roundId: request.params.id,
        betId: request.params.betId,
        userId: request.user.id,
        track: request.body.track,
        amount: BigInt(request.body.amount),
        revision: request.body.revision,
      },
      app.now(),
    );
    await announceBet(request.user.id, bet);
    return bet;
  });
  registerRoute(app, withdrawBetRoute, async (request) => {
    const bet = await withdrawBet(
      app.db,
      { roundId: request.params.id, betId: request.params.betId, userId: request.user.id },
      app.now(),
    );
    await announceBet(request.user.id, bet);
    return bet;
  });
  registerRoute(app, getBattleHistoryRoute, async (request) =>
    getBattleHistory(app.db, request.query.limit, request.query.before),
  );
  registerRoute(app, getBattleVerifyRoute, async (request) => getPublishedRound(app.db, request.params.id));
}
