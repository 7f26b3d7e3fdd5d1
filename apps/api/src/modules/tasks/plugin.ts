import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { completeDerivedTasks } from './derived-tasks';
import { createTelegramClient } from './platforms/telegram-client';
import { TELEGRAM_WEBHOOK_PATH, telegramWebhookRoutes } from './telegram-webhook';

/**
 * What the tasks module does for other modules' events: a linked wallet completes the wallet_bind tasks in the
 * bind's own transaction (product.md 4 'done once any connected address exists').
 *
 * The Telegram bot's side of the tasks module, outside the saas_id check (Telegram calls it): the webhook, and at
 * start the setWebhook that points the bot's updates at it (idempotent: every node may set the same URL).
 */
const tasksPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  app.events.on('walletLinked', async (tx, { userId }) => {
    await completeDerivedTasks(tx, userId, new Date(app.now()), { verifiers: ['wallet_bind'] });
  });
  await app.register(telegramWebhookRoutes, { config });
  const telegram = config.tasks.telegram;
  if (!telegram) return;
  app.addHook('onListen', async () => {
    const url = `${config.publicUrl}${TELEGRAM_WEBHOOK_PATH}`;
    try {
      await createTelegramClient(telegram, config.tasks.httpTimeoutMs).setWebhook(url);
      app.log.info({ url }, 'telegram webhook set');
    } catch (error) {
      // The bot then gets no starts until the next start; the tasks still answer (Telegram as not connected).
      app.log.error({ err: error }, 'telegram setWebhook failed');
    }
  });
};

export default fp(tasksPlugin, { name: 'tasks' });
