import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializeResponse } from '../../src/lib/serialize-response';

describe('serializeResponse (the API serialiser of declared responses)', () => {
  const app = Fastify();
  let answer: unknown;

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializeResponse);
    const item = z.object({ id: z.string(), amount: z.string().regex(/^\d+$/) });
    app.get('/plain', { schema: { response: { 200: item } } }, async () => answer);
    // A response given with a description, as @fastify/swagger allows.
    app.get(
      '/described',
      { schema: { response: { 200: { description: 'one item', properties: item } } } },
      async () => answer,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/plain', '/described'])('%s: writes the declared fields and drops the others', async (url) => {
    answer = { id: 'a', amount: '12', secret: 'never sent' };
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"id":"a","amount":"12"}');
  });

  it.each(['/plain', '/described'])(
    '%s: refuses an answer that breaks its schema with a 500, never sends it',
    async (url) => {
      answer = { id: 'a', amount: '-12' };
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('-12');
    },
  );

  it('refuses a route whose response schema is not a zod schema when it is compiled', async () => {
    const other = Fastify();
    other.setSerializerCompiler(serializeResponse);
    other.get('/x', { schema: { response: { 200: { type: 'object' } } } }, async () => ({}));
    await expect(other.ready()).rejects.toThrow(/not a zod schema/);
  });
});
