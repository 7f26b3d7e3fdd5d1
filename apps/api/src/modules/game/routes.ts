import { getMessagesRoute, getRuleRoute } from '@ojo/api-contract/game/http';
import { DEFAULT_RULES_TEXT_CONFIG, rulesText } from '@ojo/domain/game/rules-text';
import { shareBrand } from '@ojo/domain/share/share-text';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { registerDashRoutes } from './dash/routes';
import { getMessages } from './get-messages';
import { registerSeasonRoutes } from './seasons/routes';

/**
 * The game's calls (packages/api-contract game/http.ts, product.md 7): each game mode's and the seasons' from their
 * folders, and what every game shares (the messages ticker, the rules texts).
 */
const gameRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const rulesConfig = { ...DEFAULT_RULES_TEXT_CONFIG, feeBps: config.game.feeBps };
  // The API knows the product, not its X link: the mention is the product's hashtag name, as the web's default.
  const brand = shareBrand(config.productName);

  registerDashRoutes(app);
  registerSeasonRoutes(app);
  registerRoute(app, getMessagesRoute, async () => getMessages(app.db, brand));
  registerRoute(app, getRuleRoute, async (request, reply) => {
    // product.md 7: rules texts are cached 5 minutes.
    reply.header('cache-control', 'public, max-age=300');
    return { ruleKind: request.query.ruleKind, text: rulesText(request.query.ruleKind, rulesConfig) };
  });
};

export default gameRoutes;
