import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readTelegramStartValue, signTelegramStartValue } from '../../../src/modules/tasks/start-value';
import { testConfig } from '../../helpers';

describe('tasks configuration', () => {
  it('a platform without configuration is off; a half-configured one lists every missing variable', async () => {
    expect((await testConfig()).tasks.x).toBeUndefined();
    await expect(testConfig({ X_CLIENT_ID: 'app' })).rejects.toThrow(
      /X_AUTHORIZE_URL: required when X_CLIENT_ID is set[\s\S]*X_API_URL: required[\s\S]*X_POST_INTENT_URL: required/,
    );
    await expect(testConfig({ TELEGRAM_BOT_TOKEN: 'not a token' })).rejects.toThrow(/TELEGRAM_BOT_TOKEN/);
  });
});

describe("product.md 4 'Telegram bind opens a bot link with a signed start value'", () => {
  const secret = randomBytes(32);
  const userId = '0b8f3c52-4d1e-4a8b-9f3e-2c7d5e6f7a8b';
  const now = Date.UTC(2026, 0, 1);

  it('fits Telegram (64 of [A-Za-z0-9_-]) and names the player', () => {
    const value = signTelegramStartValue(secret, userId, now);
    expect(value).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(readTelegramStartValue(secret, value, now)).toBe(userId);
  });

  it('is refused when changed, signed with another key, or older than 2 days', () => {
    const value = signTelegramStartValue(secret, userId, now);
    const otherUser = value.replace(/^0/, '1');
    expect(readTelegramStartValue(secret, otherUser, now)).toBeUndefined();
    expect(readTelegramStartValue(randomBytes(32), value, now)).toBeUndefined();
    expect(readTelegramStartValue(secret, value, now + 2 * 86_400_000 - 1000)).toBe(userId);
    expect(readTelegramStartValue(secret, value, now + 2 * 86_400_000 + 1000)).toBeUndefined();
  });
});
