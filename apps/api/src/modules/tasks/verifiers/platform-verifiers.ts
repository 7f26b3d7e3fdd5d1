import type { SocialPlatform } from '@ojo/db/schema/tasks';
import { TaskFailure } from '../errors';
import { PlatformRefusedError, PlatformUnauthorizedError, PlatformUnavailableError } from '../platforms/http';
import { findSocialAccount } from '../social-accounts';
import { requiredPost } from '../x-post';
import type { Verifier, VerifyContext } from './types';

/** Maps a platform's failures to product.md 8: unreachable or odd answers are 'busy'; a refused token means reconnect. */
async function askPlatform<T>(platform: SocialPlatform, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformUnauthorizedError) throw new TaskFailure('needsConnect', platform);
    if (error instanceof PlatformUnavailableError || error instanceof PlatformRefusedError) {
      throw new TaskFailure('serviceBusy');
    }
    throw error;
  }
}

async function connectedAccount(context: VerifyContext, platform: SocialPlatform) {
  const account = await findSocialAccount(context.db, context.user.id, platform);
  if (!account) throw new TaskFailure('needsConnect', platform);
  return account;
}

/** X: the player's recent posts that contain the required text and link; progress is how many (up to the limit). */
export const verifyXPost: Verifier = async (context) => {
  const x = context.platforms.x;
  if (!x) throw new TaskFailure('serviceBusy');
  const account = await connectedAccount(context, 'twitter');
  if (!account.accessToken) throw new TaskFailure('needsConnect', 'twitter');
  const token = account.accessToken;
  const posts = await askPlatform('twitter', () => x.recentPosts(token, account.externalId));
  const { requiredText, requiredLink } = requiredPost(context.config, context.task);
  const matching = posts.filter((post) => {
    const links = [post.text, ...post.links].join(' ');
    return post.text.includes(requiredText) && links.includes(requiredLink);
  });
  if (matching.length === 0) throw new TaskFailure('notMet');
  return matching.length;
};

/** Telegram: bound by the bot's /start (signed start value), then a member of the channel (getChatMember). */
export const verifyTelegramChannel: Verifier = async (context) => {
  const telegram = context.platforms.telegram;
  if (!telegram) throw new TaskFailure('serviceBusy');
  const account = await connectedAccount(context, 'telegram');
  const isMember = await askPlatform('telegram', () => telegram.isChannelMember(account.externalId));
  if (!isMember) throw new TaskFailure('notMet');
  return 1;
};

/** Discord: connected by OAuth 2.0, then a member of the product's guild (GET /users/@me/guilds). */
export const verifyDiscordGuild: Verifier = async (context) => {
  const discord = context.platforms.discord;
  if (!discord) throw new TaskFailure('serviceBusy');
  const account = await connectedAccount(context, 'discord');
  if (!account.accessToken) throw new TaskFailure('needsConnect', 'discord');
  const token = account.accessToken;
  if (!(await askPlatform('discord', () => discord.isGuildMember(token)))) throw new TaskFailure('notMet');
  return 1;
};
