import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers on every API response (SECURITY.md (Stance)): browsers never guess a content type other than the one
 * declared, no page of the API is shown inside a frame, and no referrer leaves it (its URLs can carry OAuth codes).
 * A route that sets one of them itself (the sign-in pages of the local OpenID provider) keeps its own.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

async function securityHeadersPlugin(app: FastifyInstance): Promise<void> {
  // Set as the request arrives, so a route that sets one itself later replaces it, and an error answer keeps them.
  // A synchronous onRequest hook rather than an async onSend one: no promise and no header lookups per response.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
