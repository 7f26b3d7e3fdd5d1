import type { TasksConfig } from '../config';
import { createDiscordClient, type DiscordClient } from './discord-client';
import { createTelegramClient, type TelegramClient } from './telegram-client';
import { createXClient, type XClient } from './x-client';

/** The configured platforms' clients; a platform without configuration is undefined (its tasks answer 100028). */
export interface TaskPlatforms {
  x: XClient | undefined;
  telegram: TelegramClient | undefined;
  discord: DiscordClient | undefined;
}

export function createTaskPlatforms(config: TasksConfig): TaskPlatforms {
  return {
    x: config.x && createXClient(config.x, config.httpTimeoutMs),
    telegram: config.telegram && createTelegramClient(config.telegram, config.httpTimeoutMs),
    discord: config.discord && createDiscordClient(config.discord, config.httpTimeoutMs),
  };
}
