import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers on every API response (DESIGN.md section 10): browsers never guess a content type other than the one
 * declared, no page of the API is shown inside a frame, and no referrer leaves it (its URLs can carry OAuth codes).
 * A route that sets one of them itself (the sign-in pages of the local OpenID provider) keeps its own.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

async function securityHeadersPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS))
      if (!reply.hasHeader(name)) reply.header(name, value);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
