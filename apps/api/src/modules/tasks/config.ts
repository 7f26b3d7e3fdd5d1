import { z } from 'zod';

/**
 * The tasks module's variables: where X, Telegram and Discord are and the app's credentials there. Locally they
 * point at the stand-ins (apps/stand-ins; `npm start` and the test stack set them); in a deployment they name the
 * real services, and nothing else changes. A platform is on when its client id (bot token) is set, and then every
 * one of its variables is required. Without a platform its tasks answer 100028 (busy).
 */
const url = z.url({ protocol: /^https?$/ });
const optionalText = z.string().min(1).optional();

export const tasksEnv = {
  X_CLIENT_ID: optionalText.describe(
    'the X app (OAuth 2.0 with PKCE); set with X_AUTHORIZE_URL, X_API_URL and X_POST_INTENT_URL, else X tasks answer 100028',
  ),
  X_CLIENT_SECRET: optionalText.describe("the X app's secret (optional for a public client)"),
  X_AUTHORIZE_URL: url.optional().describe("X's authorize page, e.g. https://x.com/i/oauth2/authorize"),
  X_API_URL: url.optional().describe("X's API, e.g. https://api.x.com"),
  X_POST_INTENT_URL: url.optional().describe("X's post intent, e.g. https://x.com/intent/post"),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'must be a bot token (<id>:<secret>)')
    .optional()
    .describe('the Telegram bot; set with the other TELEGRAM_ variables, else Telegram tasks answer 100028'),
  TELEGRAM_BOT_API_URL: url.optional().describe('the Bot API, e.g. https://api.telegram.org'),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^\w{5,32}$/)
    .optional()
    .describe("the bot's username, for the bot link"),
  TELEGRAM_LINK_URL: url.optional().describe("Telegram's link host, e.g. https://t.me"),
  TELEGRAM_CHANNEL: z
    .string()
    .regex(/^@\w{5,32}$/, 'must be the channel as @username')
    .optional()
    .describe('the channel a task asks to join, as @name'),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 of A-Z a-z 0-9 _ -')
    .optional()
    .describe(
      'secret token Telegram sends back with every webhook call (API_PUBLIC_URL/telegram/webhook, set with setWebhook at start)',
    ),
  DISCORD_CLIENT_ID: optionalText.describe(
    'the Discord app; set with the other DISCORD_ variables, else Discord tasks answer 100028',
  ),
  DISCORD_CLIENT_SECRET: optionalText.describe("the Discord app's secret"),
  DISCORD_AUTHORIZE_URL: url
    .optional()
    .describe("Discord's authorize page, e.g. https://discord.com/oauth2/authorize"),
  DISCORD_API_URL: url.optional().describe("Discord's API, e.g. https://discord.com/api"),
  DISCORD_GUILD_ID: z
    .string()
    .regex(/^\d{5,25}$/)
    .optional()
    .describe('the server a task asks to join'),
  DISCORD_INVITE_URL: url.optional().describe('the invite link to that server'),
  /** Where X and Discord send the player back (the task page, which finishes the connection). */
  SOCIAL_REDIRECT_URL: url
    .optional()
    .describe('where X and Discord send the player back; unset: WEB_ORIGIN/game/task'),
  SOCIAL_HTTP_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(5000)
    .describe('a platform call not answered by then counts as busy (100028)'),
  TASK_VERIFY_RATE_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe('verify, do-task and connect calls per player and window (then 429 with code 100028)'),
  TASK_VERIFY_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60_000)
    .describe('window of TASK_VERIFY_RATE_MAX'),
};

const tasksEnvSchema = z.object(tasksEnv);
type TasksEnvValues = z.output<typeof tasksEnvSchema>;

export interface XConfig {
  clientId: string;
  clientSecret: string | undefined;
  authorizeUrl: string;
  apiUrl: string;
  postIntentUrl: string;
}

export interface TelegramConfig {
  botToken: string;
  botApiUrl: string;
  botUsername: string;
  linkUrl: string;
  channel: string;
  webhookSecret: string;
}

export interface DiscordConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  apiUrl: string;
  guildId: string;
  inviteUrl: string;
}

export interface TasksConfig {
  x: XConfig | undefined;
  telegram: TelegramConfig | undefined;
  discord: DiscordConfig | undefined;
  /** undefined: `<WEB_ORIGIN>/game/task`. */
  socialRedirectUrl: string | undefined;
  httpTimeoutMs: number;
  verifyRateLimit: { max: number; windowMs: number };
}

/** All of `names` when the first is set; each missing one is a problem. */
function platform<K extends keyof TasksEnvValues>(
  values: TasksEnvValues,
  names: readonly K[],
  problems: string[],
): { [P in K]: NonNullable<TasksEnvValues[P]> } | undefined {
  const [first] = names;
  if (!first || values[first] === undefined) return undefined;
  const missing = names.filter((name) => values[name] === undefined);
  for (const name of missing) problems.push(`${name}: required when ${first} is set`);
  return missing.length > 0 ? undefined : (values as { [P in K]: NonNullable<TasksEnvValues[P]> });
}

const trim = (value: string) => value.replace(/\/$/, '');

export function toTasksConfig(values: TasksEnvValues, problems: string[]): TasksConfig {
  const x = platform(values, ['X_CLIENT_ID', 'X_AUTHORIZE_URL', 'X_API_URL', 'X_POST_INTENT_URL'], problems);
  const telegram = platform(
    values,
    [
      'TELEGRAM_BOT_TOKEN',
      'TELEGRAM_BOT_API_URL',
      'TELEGRAM_BOT_USERNAME',
      'TELEGRAM_LINK_URL',
      'TELEGRAM_CHANNEL',
      'TELEGRAM_WEBHOOK_SECRET',
    ],
    problems,
  );
  const discord = platform(
    values,
    [
      'DISCORD_CLIENT_ID',
      'DISCORD_CLIENT_SECRET',
      'DISCORD_AUTHORIZE_URL',
      'DISCORD_API_URL',
      'DISCORD_GUILD_ID',
      'DISCORD_INVITE_URL',
    ],
    problems,
  );
  return {
    x: x && {
      clientId: x.X_CLIENT_ID,
      clientSecret: values.X_CLIENT_SECRET,
      authorizeUrl: x.X_AUTHORIZE_URL,
      apiUrl: trim(x.X_API_URL),
      postIntentUrl: x.X_POST_INTENT_URL,
    },
    telegram: telegram && {
      botToken: telegram.TELEGRAM_BOT_TOKEN,
      botApiUrl: trim(telegram.TELEGRAM_BOT_API_URL),
      botUsername: telegram.TELEGRAM_BOT_USERNAME,
      linkUrl: trim(telegram.TELEGRAM_LINK_URL),
      channel: telegram.TELEGRAM_CHANNEL,
      webhookSecret: telegram.TELEGRAM_WEBHOOK_SECRET,
    },
    discord: discord && {
      clientId: discord.DISCORD_CLIENT_ID,
      clientSecret: discord.DISCORD_CLIENT_SECRET,
      authorizeUrl: discord.DISCORD_AUTHORIZE_URL,
      apiUrl: trim(discord.DISCORD_API_URL),
      guildId: discord.DISCORD_GUILD_ID,
      inviteUrl: discord.DISCORD_INVITE_URL,
    },
    socialRedirectUrl: values.SOCIAL_REDIRECT_URL,
    httpTimeoutMs: values.SOCIAL_HTTP_TIMEOUT_MS,
    verifyRateLimit: { max: values.TASK_VERIFY_RATE_MAX, windowMs: values.TASK_VERIFY_RATE_WINDOW_MS },
  };
}
