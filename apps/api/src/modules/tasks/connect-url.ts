import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@ojo/db/client';
import { type SocialPlatform, socialOauthStates } from '@ojo/db/schema/tasks';
import { lt } from '@ojo/db/sql';
import type { AppConfig } from '../../config/env';
import { TaskFailure } from './errors';
import { signTelegramStartValue } from './start-value';

/** An authorization request lives 10 minutes (the player signs in at the platform meanwhile). */
const STATE_LIFETIME_MS = 10 * 60_000;

const SCOPES = { twitter: 'tweet.read users.read', discord: 'identify guilds' } as const;

/** Where the platform sends the player back: the task page, which finishes the connection (product.md 4). */
export function socialRedirectUri(config: AppConfig): string {
  return config.tasks.socialRedirectUrl ?? `${config.origins.web}/game/task`;
}

/**
 * product.md 4: the provider connect URL a 100020 sends the player to. X and Discord: an OAuth 2.0 authorization request
 * with a fresh state bound to this player and a PKCE S256 challenge (the verifier stays in the database). Telegram:
 * the bot link with the signed start value.
 */
export async function connectUrlFor(
  db: Database,
  config: AppConfig,
  platform: SocialPlatform,
  userId: string,
  nowMs: number,
): Promise<string> {
  if (platform === 'telegram') {
    const telegram = config.tasks.telegram;
    if (!telegram) throw new TaskFailure('serviceBusy');
    const start = signTelegramStartValue(config.jwt.secret, userId, nowMs);
    return `${telegram.linkUrl}/${telegram.botUsername}?start=${start}`;
  }
  const provider = platform === 'twitter' ? config.tasks.x : config.tasks.discord;
  if (!provider) throw new TaskFailure('serviceBusy');
  const state = randomBytes(24).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  const redirectUri = socialRedirectUri(config);
  await db.delete(socialOauthStates).where(lt(socialOauthStates.expiresAt, new Date(nowMs)));
  await db.insert(socialOauthStates).values({
    state,
    userId,
    platform,
    codeVerifier,
    redirectUri,
    expiresAt: new Date(nowMs + STATE_LIFETIME_MS),
  });
  const url = new URL(provider.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: SCOPES[platform],
    state,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}
