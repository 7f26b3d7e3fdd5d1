import { JWT_HEADER } from '@ojo/api-contract/envelope';
import {
  changeBetRoute,
  getBattleHistoryRoute,
  getBattlePoolsRoute,
  getBattleProgressRoute,
  getBattleVerifyRoute,
  getLaddersRoute,
  getLastSettleRoute,
  getMessagesRoute,
  getMySeasonSettlesRoute,
  getPropsRoute,
  getRewardCurrentRoute,
  getRewardPrizesRoute,
  getRuleRoute,
  getSeasonsRoute,
  getSeasonVerifyRoute,
  placeBetRoute,
  withdrawBetRoute,
} from '@ojo/api-contract/game/http';
import { DEFAULT_RULES_TEXT_CONFIG, rulesText } from '@ojo/domain/game/rules-text';
import { shareBrand } from '@ojo/domain/share/share-text';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { getMessages } from './get-messages';
import { getBattleHistory, getBattlePools, getBattleProgress, getPublishedRound } from './get-round-views';
import {
  getLadders,
  getLastSettle,
  getMySeasonSettles,
  getProps,
  getRewardCurrent,
  getRewardPrizes,
  getSeasons,
  getSeasonVerify,
} from './get-season-views';
import { changeBet, placeBet, withdrawBet } from './place-bet';

/** The player of an optional session (public calls that add the caller's own data when a token comes along). */
async function optionalUserId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const token = request.headers[JWT_HEADER];
  if (typeof token !== 'string' || token.length === 0) return null;
  const user = await app.userOfSessionToken(token).catch(() => null);
  return user?.id ?? null;
}

/** The race's calls (packages/api-contract game/http.ts): spec point 7's game calls, bets, history, verification. */
const gameRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const rulesConfig = { ...DEFAULT_RULES_TEXT_CONFIG, feeBps: config.game.feeBps };
  // The API knows the product, not its X link: the mention is the product's hashtag name, as the web's default.
  const brand = shareBrand(config.productName);
  const announceBet = (userId: string, bet: Awaited<ReturnType<typeof placeBet>>['bet']) =>
    app.game.bus
      .publish({ to: userId, message: { type: 'bet', bet } })
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
  registerRoute(app, getPropsRoute, async (request) =>
    getProps(app.db, request.params.id, request.user.id, app.now()),
  );
  registerRoute(app, getRewardCurrentRoute, async (request) =>
    getRewardCurrent(app.db, request.params.a, request.params.b, request.user.id, app.now()),
  );
  registerRoute(app, getRewardPrizesRoute, async (request) =>
    getRewardPrizes(app.db, request.params.a, request.params.b, app.now()),
  );
  registerRoute(app, getLastSettleRoute, async (request) =>
    getLastSettle(app.db, request.query.businessType, request.user.id),
  );
  registerRoute(app, getLaddersRoute, async (request) =>
    getLadders(app.db, request.query, await optionalUserId(app, request), app.now()),
  );
  registerRoute(app, getSeasonsRoute, async () => getSeasons(app.db, app.now()));
  registerRoute(app, getMySeasonSettlesRoute, async (request) =>
    getMySeasonSettles(app.db, request.params.id, request.user.id),
  );
  registerRoute(app, getSeasonVerifyRoute, async (request) => getSeasonVerify(app.db, request.params.id));
  registerRoute(app, getMessagesRoute, async () => getMessages(app.db, brand));
  registerRoute(app, getRuleRoute, async (request, reply) => {
    // spec 7: rules texts are cached 5 minutes.
    reply.header('cache-control', 'public, max-age=300');
    return { ruleKind: request.query.ruleKind, text: rulesText(request.query.ruleKind, rulesConfig) };
  });
};

export default gameRoutes;
