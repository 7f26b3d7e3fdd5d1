import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer, jsonListText, serializeResponse } from '../../src/lib/serialize-response';

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

describe('lists given as JSON text (jsonListText)', () => {
  const item = z.object({ id: z.string(), amount: z.string().regex(/^\d+$/) });
  const envelope = z.object({
    success: z.boolean(),
    obj: z.object({ total: z.string(), items: z.array(item), others: z.array(item) }).nullable(),
  });
  let answer: unknown;

  async function serverWith(checkJsonLists: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(compileSerializer({ checkJsonLists }));
    app.get('/list', { schema: { response: { 200: envelope } } }, async () => answer);
    await app.ready();
    return app;
  }
  const apps: FastifyInstance[] = [];
  let production: FastifyInstance;
  let checking: FastifyInstance;
  beforeAll(async () => {
    production = await serverWith(false);
    checking = await serverWith(true);
    apps.push(production, checking);
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  const text = '[{"id" : "1", "amount" : "5"}, \n {"id" : "2", "amount" : "7"}]';

  it.each([
    ['without', () => production],
    ['with', () => checking],
  ])('%s the check, writes each text as it is, in its place, and the rest as declared', async (_, app) => {
    answer = {
      success: true,
      obj: { total: '12', items: jsonListText(text), others: jsonListText('[]'), secret: 'never sent' },
    };
    const response = await app().inject({ method: 'GET', url: '/list' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`{"success":true,"obj":{"total":"12","items":${text},"others":[]}}`);
    expect(response.json().obj.items).toEqual([
      { id: '1', amount: '5' },
      { id: '2', amount: '7' },
    ]);
  });

  it("writes a text that holds a replacement pattern ($&, $') literally", async () => {
    const tricky = '[{"id" : "$&$\'$`$1", "amount" : "1"}]';
    answer = { success: true, obj: { total: '1', items: jsonListText(tricky), others: jsonListText('[]') } };
    const response = await production.inject({ method: 'GET', url: '/list' });
    expect(response.body).toBe(`{"success":true,"obj":{"total":"1","items":${tricky},"others":[]}}`);
  });

  it('still refuses an answer whose other fields break the schema, and one where a list is not declared', async () => {
    answer = { success: true, obj: { total: 12, items: jsonListText(text), others: [] } };
    expect((await production.inject({ method: 'GET', url: '/list' })).statusCode).toBe(500);
    // `total` is declared a string: a list given there is refused, not written.
    answer = { success: true, obj: { total: jsonListText(text), items: [], others: [] } };
    const response = await production.inject({ method: 'GET', url: '/list' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('"amount"');
  });

  it('leaves out a list under a field the declaration does not name', async () => {
    answer = { success: true, obj: { total: '0', items: [], others: [], hidden: jsonListText(text) } };
    const response = await production.inject({ method: 'GET', url: '/list' });
    expect(response.body).toBe('{"success":true,"obj":{"total":"0","items":[],"others":[]}}');
  });

  it.each([
    ['an item that breaks the schema', '[{"id" : "1", "amount" : "-5"}]'],
    ['an item with a field the declaration does not name', '[{"id" : "1", "amount" : "5", "secret" : "x"}]'],
    ['an item without a declared field', '[{"id" : "1"}]'],
    ['a text that is not JSON', '[{"id" : "1", '],
    ['a text that is not a list', '{"id" : "1", "amount" : "5"}'],
  ])('with the check (NODE_ENV=test), refuses %s with a 500 and sends none of it', async (_, listText) => {
    answer = {
      success: true,
      obj: { total: '1', items: jsonListText(listText), others: jsonListText('[]') },
    };
    const response = await checking.inject({ method: 'GET', url: '/list' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('"id"');
  });

  it('trusts the statement without the check: an extra field is sent as written', async () => {
    // What the check is for: production does not parse the text, so only the tests of a read can catch this.
    answer = {
      success: true,
      obj: { total: '1', items: jsonListText('[{"id":"1","amount":"5","x":1}]'), others: jsonListText('[]') },
    };
    expect((await production.inject({ method: 'GET', url: '/list' })).json().obj.items[0]).toHaveProperty(
      'x',
    );
  });
});
