import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/env';
import { AppError } from '../lib/errors';

/**
 * Tighter limit for login, nonce and verify calls (brute force and nonce flooding). Use it in a route:
 * `config: { rateLimit: authRateLimit(app.config) }`.
 */
export function authRateLimit(config: AppConfig): RateLimitOptions {
  return { max: config.rateLimit.authMax, timeWindow: config.rateLimit.authWindowMs };
}

async function rateLimitPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Shared counters across API nodes (ARCHITECTURE.md (Production and scale)). Short timeouts: a slow Redis must not stall requests.
    redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    ...(redis ? { redis, nameSpace: config.rateLimit.redisPrefix } : {}),
    // If Redis is down, serve requests rather than fail them all.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => AppError.tooManyRequests(context.after),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
