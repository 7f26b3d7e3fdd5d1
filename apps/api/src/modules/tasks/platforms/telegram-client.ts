import { z } from 'zod';
import type { TelegramConfig } from '../config';
import { callPlatform, PlatformRefusedError } from './http';

const chatMemberAnswer = z.object({
  ok: z.literal(true),
  result: z.object({ status: z.string(), is_member: z.boolean().optional() }),
});
const trueAnswer = z.object({ ok: z.literal(true) });

/** ChatMember statuses that are in the chat (Bot API: a restricted member has is_member). */
const MEMBER_STATUSES = new Set(['creator', 'administrator', 'member']);

/** The Bot API calls the tasks need: getChatMember for the channel, setWebhook for the bot's updates. */
export function createTelegramClient(config: TelegramConfig, timeoutMs: number) {
  const method = (name: string) => `${config.botApiUrl}/bot${config.botToken}/${name}`;
  const post = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    async isChannelMember(telegramUserId: string): Promise<boolean> {
      try {
        const answer = await callPlatform(
          method('getChatMember'),
          post({ chat_id: config.channel, user_id: Number(telegramUserId) }),
          chatMemberAnswer,
          timeoutMs,
        );
        return MEMBER_STATUSES.has(answer.result.status) || answer.result.is_member === true;
      } catch (error) {
        // 'user not found': Telegram has never seen the user in the chat.
        if (error instanceof PlatformRefusedError && error.status === 400) return false;
        throw error;
      }
    },
    /** Points the bot's updates at our webhook, with the secret Telegram sends back in every update. */
    async setWebhook(url: string): Promise<void> {
      await callPlatform(
        method('setWebhook'),
        post({ url, secret_token: config.webhookSecret, allowed_updates: ['message'] }),
        trueAnswer,
        timeoutMs,
      );
    },
  };
}
export type TelegramClient = ReturnType<typeof createTelegramClient>;
