import { JWT_HEADER } from '@ojo/api-contract/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The player of an optional session (public calls that add the caller's own data when a token comes along). */
export async function optionalUserId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const token = request.headers[JWT_HEADER];
  if (typeof token !== 'string' || token.length === 0) return null;
  const user = await app.userOfSessionToken(token).catch(() => null);
  return user?.id ?? null;
}
