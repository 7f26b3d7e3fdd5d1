import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config/env';
import { bindSocialAccount } from './social-accounts';
import { readTelegramStartValue } from './start-value';

/** The part of a Telegram Update the bot reads: a private message `/start <value>` and who sent it. */
const updateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      text: z.string().max(4096).optional(),
      from: z
        .looseObject({ id: z.number().int(), is_bot: z.boolean(), username: z.string().optional() })
        .optional(),
      chat: z.looseObject({ type: z.string() }),
    })
    .optional(),
});

export const TELEGRAM_WEBHOOK_PATH = '/telegram/webhook';

function isSecret(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The bot's webhook (Telegram calls it; no saas_id). Only requests carrying the secret token we gave setWebhook
 * are read (X-Telegram-Bot-Api-Secret-Token). `/start <signed value>` in a private chat binds the sender's Telegram
 * id to the player the value names (product.md 4 'Telegram bind opens a bot link with a signed start value'). Anything
 * else is acknowledged and ignored, so Telegram does not resend it.
 */
export const telegramWebhookRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const telegram = config.tasks.telegram;
  if (!telegram) return;
  app.post(TELEGRAM_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!isSecret(telegram.webhookSecret, request.headers['x-telegram-bot-api-secret-token'])) {
      return reply.code(401).send({ ok: false });
    }
    const update = updateSchema.safeParse(request.body);
    const message = update.success ? update.data.message : undefined;
    const start = /^\/start(?:@\w+)? ([A-Za-z0-9_-]{1,64})$/.exec(message?.text ?? '');
    if (!message?.from || message.from.is_bot || message.chat.type !== 'private' || !start?.[1]) {
      return { ok: true };
    }
    const userId = readTelegramStartValue(config.jwt.secret, start[1], app.now());
    if (!userId) return { ok: true };
    const bound = await bindSocialAccount(app.db, {
      userId,
      platform: 'telegram',
      externalId: String(message.from.id),
      username: message.from.username ?? null,
      accessToken: null,
      tokenExpiresAt: null,
    });
    request.log.info({ userId, bound }, 'telegram start');
    return { ok: true };
  });
};
