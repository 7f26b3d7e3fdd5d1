import { createHmac, timingSafeEqual } from 'node:crypto';
import { TASK_REDIRECT_STORAGE_DAYS } from '@ojo/domain/constants';

/**
 * product.md 4 Wallet bind: 'Telegram bind opens a bot link with a signed start value.' The value names the player and
 * an expiry, signed with a key derived from the API's JWT secret, so the bot's /start update binds the Telegram
 * account to exactly that player. Telegram allows 64 characters of [A-Za-z0-9_-]: 32 (user id) + 1 + 7 (expiry,
 * base 36 seconds) + 1 + 22 (HMAC-SHA256, 132 bits) = 63.
 */
const LIFETIME_SECONDS = TASK_REDIRECT_STORAGE_DAYS * 86_400;
const PATTERN = /^([0-9a-f]{32})_([0-9a-z]{1,8})_([A-Za-z0-9_-]{22})$/;

function mac(secret: Uint8Array, payload: string): string {
  const key = createHmac('sha256', secret).update('telegram-start-value-v1').digest();
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
}

export function signTelegramStartValue(secret: Uint8Array, userId: string, nowMs: number): string {
  const payload = `${userId.replaceAll('-', '')}_${(Math.floor(nowMs / 1000) + LIFETIME_SECONDS).toString(36)}`;
  return `${payload}_${mac(secret, payload)}`;
}

/** The player's id of a valid, unexpired start value; undefined otherwise. */
export function readTelegramStartValue(secret: Uint8Array, value: string, nowMs: number): string | undefined {
  const match = PATTERN.exec(value);
  if (!match) return undefined;
  const [, hex = '', expiry = '', signature = ''] = match;
  const expected = Buffer.from(mac(secret, `${hex}_${expiry}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number.parseInt(expiry, 36) * 1000 < nowMs) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
