import type { OldUserProvider } from '@ojo/db/seeds/old-user-identities';

/**
 * The stand-ins' configuration. The registered clients, the bot and the channel and guild are the same variables the
 * API reads (scripts/lib/stack.mjs sets both), so the stand-in knows exactly the app the API presents itself as.
 */
export interface StandInsConfig {
  port: number;
  host: string;
  /** Origins a redirect_uri may point at (a real provider checks the app's registered callbacks). */
  redirectOrigins: string[];
  x: { clientId: string; clientSecret: string };
  telegram: { botToken: string; botUsername: string; channel: string };
  discord: { clientId: string; clientSecret: string; guildId: string; inviteCode: string };
  /** Coinbase Exchange market data: a trade per product every this many ms (0: none unless a test makes them). */
  coinbase: { tradeEveryMs: number };
  /** Where browsers and the API reach the stand-ins (the OpenID issuers live under it); unset: where they listen. */
  publicUrl: string | undefined;
  /** The app registered at the Google, Twitter and Apple OpenID providers (old users' login). */
  oidc: Record<OldUserProvider, { clientId: string; clientSecret: string }>;
}

export class StandInsConfigError extends Error {
  override readonly name = 'StandInsConfigError';
}

const DEFAULTS = {
  X_CLIENT_ID: 'ojo-local-x',
  X_CLIENT_SECRET: 'ojo-local-x-secret',
  TELEGRAM_BOT_TOKEN: '7000000001:ojo-local-bot-token',
  TELEGRAM_BOT_USERNAME: 'ojo_arena_local_bot',
  TELEGRAM_CHANNEL: '@ojo_arena_local',
  DISCORD_CLIENT_ID: '1300000000000000001',
  DISCORD_CLIENT_SECRET: 'ojo-local-discord-secret',
  DISCORD_GUILD_ID: '1300000000000000100',
  DISCORD_INVITE_CODE: 'ojo-local',
  OIDC_GOOGLE_CLIENT_ID: 'ojo-arena-web',
  OIDC_GOOGLE_CLIENT_SECRET: 'ojo-local-google-secret',
  OIDC_TWITTER_CLIENT_ID: 'ojo-arena-web',
  OIDC_TWITTER_CLIENT_SECRET: 'ojo-local-twitter-secret',
  OIDC_APPLE_CLIENT_ID: 'ojo-arena-web',
  OIDC_APPLE_CLIENT_SECRET: 'ojo-local-apple-secret',
} as const;

/** Reads the configuration; refuses production (the stand-ins let anyone act as any test user). */
export function loadStandInsConfig(env: NodeJS.ProcessEnv = process.env): StandInsConfig {
  if (env.NODE_ENV === 'production') {
    throw new StandInsConfigError(
      'The stand-ins for X, Telegram, Discord, Google, Twitter and Apple refuse to run with NODE_ENV=production: anyone can act as any of their test users',
    );
  }
  const value = (name: keyof typeof DEFAULTS) => env[name] || DEFAULTS[name];
  const port = Number(env.STAND_INS_PORT ?? 3004);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StandInsConfigError(`STAND_INS_PORT: not a port (${env.STAND_INS_PORT})`);
  }
  const tradeEveryMs = Number(env.STAND_INS_COINBASE_TRADE_MS ?? 250);
  if (!Number.isInteger(tradeEveryMs) || tradeEveryMs < 0) {
    throw new StandInsConfigError(
      `STAND_INS_COINBASE_TRADE_MS: not a number of ms (${env.STAND_INS_COINBASE_TRADE_MS})`,
    );
  }
  const redirectOrigins = (env.STAND_INS_REDIRECT_ORIGINS ?? env.WEB_ORIGIN ?? 'http://localhost:3000')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    port,
    host: env.STAND_INS_HOST ?? '127.0.0.1',
    redirectOrigins,
    x: { clientId: value('X_CLIENT_ID'), clientSecret: value('X_CLIENT_SECRET') },
    telegram: {
      botToken: value('TELEGRAM_BOT_TOKEN'),
      botUsername: value('TELEGRAM_BOT_USERNAME'),
      channel: value('TELEGRAM_CHANNEL'),
    },
    discord: {
      clientId: value('DISCORD_CLIENT_ID'),
      clientSecret: value('DISCORD_CLIENT_SECRET'),
      guildId: value('DISCORD_GUILD_ID'),
      inviteCode: value('DISCORD_INVITE_CODE'),
    },
    coinbase: { tradeEveryMs },
    publicUrl: env.STAND_INS_URL?.replace(/\/$/, '') || undefined,
    oidc: {
      google: { clientId: value('OIDC_GOOGLE_CLIENT_ID'), clientSecret: value('OIDC_GOOGLE_CLIENT_SECRET') },
      twitter: {
        clientId: value('OIDC_TWITTER_CLIENT_ID'),
        clientSecret: value('OIDC_TWITTER_CLIENT_SECRET'),
      },
      apple: { clientId: value('OIDC_APPLE_CLIENT_ID'), clientSecret: value('OIDC_APPLE_CLIENT_SECRET') },
    },
  };
}
