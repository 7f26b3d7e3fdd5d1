import { socialOauthStates } from '@ojo/db/schema/tasks';
import type { User } from '@ojo/db/schema/users';
import { and, eq, gt } from '@ojo/db/sql';
import { EnvelopeAnswer } from '../../lib/route';
import { TASK_FAILURE, taskErrors } from './errors';
import { PlatformRefusedError, PlatformUnauthorizedError, PlatformUnavailableError } from './platforms/http';
import { bindSocialAccount } from './social-accounts';
import type { TaskDependencies } from './verify-task';

export interface SocialTokenInput {
  platform: 'twitter' | 'discord';
  code: string;
  state: string;
}

/**
 * POST /customer/oauth/social/token: the player is back from X or Discord with an authorization code. The state
 * must be one this player started (single use, unexpired); the code is exchanged with its PKCE verifier, the
 * platform's user is read and bound to the player. An account bound to another player answers 100023 (product.md 8).
 */
export async function connectSocialAccount(
  deps: TaskDependencies,
  user: User,
  input: SocialTokenInput,
  now: Date,
): Promise<{ platform: 'twitter' | 'discord'; username: string | null } | EnvelopeAnswer> {
  const [pending] = await deps.db
    .delete(socialOauthStates)
    .where(
      and(
        eq(socialOauthStates.state, input.state),
        eq(socialOauthStates.userId, user.id),
        eq(socialOauthStates.platform, input.platform),
        gt(socialOauthStates.expiresAt, now),
      ),
    )
    .returning();
  if (!pending) throw taskErrors.stateInvalid();
  const client = input.platform === 'twitter' ? deps.platforms.x : deps.platforms.discord;
  if (!client) return busy(input.platform);
  let identity: { id: string; username: string; accessToken: string; expiresIn: number | undefined };
  try {
    const token = await client.exchangeCode({
      code: input.code,
      codeVerifier: pending.codeVerifier,
      redirectUri: pending.redirectUri,
    });
    const me = await client.me(token.accessToken);
    identity = {
      id: me.id,
      username: me.username,
      accessToken: token.accessToken,
      expiresIn: token.expiresIn,
    };
  } catch (error) {
    // A refused code (used, expired, not ours) is the player's to retry; the platform being away is 'busy'.
    if (error instanceof PlatformRefusedError || error instanceof PlatformUnauthorizedError) {
      throw taskErrors.stateInvalid();
    }
    if (error instanceof PlatformUnavailableError) return busy(input.platform);
    throw error;
  }
  const bound = await bindSocialAccount(deps.db, {
    userId: user.id,
    platform: input.platform,
    externalId: identity.id,
    username: identity.username,
    accessToken: identity.accessToken,
    tokenExpiresAt: identity.expiresIn ? new Date(now.getTime() + identity.expiresIn * 1000) : null,
  });
  if (bound === 'boundElsewhere') {
    const { code, msgKey } = TASK_FAILURE.boundElsewhere;
    return new EnvelopeAnswer(false, code, msgKey, { platform: input.platform, username: identity.username });
  }
  return { platform: input.platform, username: identity.username };
}

function busy(platform: 'twitter' | 'discord'): EnvelopeAnswer {
  const { code, msgKey } = TASK_FAILURE.serviceBusy;
  return new EnvelopeAnswer(false, code, msgKey, { platform, username: null });
}
