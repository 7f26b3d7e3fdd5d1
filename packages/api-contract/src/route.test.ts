import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelope } from './envelope';
import { defineRoute, routePath, routeSchema } from './route';

const withdraw = defineRoute({
  method: 'DELETE',
  path: '/coin/withdraws/:id',
  host: 'wallet',
  secure: true,
  summary: 'Cancels a pending redemption',
  tags: ['coin'],
  params: z.object({ id: z.string() }),
  result: z.null(),
  errorStatuses: [404],
});

const check = defineRoute({
  method: 'GET',
  path: '/customer/invite/code/check',
  host: 'customer',
  secure: false,
  summary: 'Whether an invite code exists',
  tags: ['referral'],
  query: z.object({ inviteCode: z.string() }),
  result: z.boolean(),
});

describe('route declarations', () => {
  it('take the envelope of their host (ARCHITECTURE.md (API conventions): customer, quest, badge obj; wallet, coin, game data)', () => {
    expect(withdraw.envelope).toBe('data');
    expect(check.envelope).toBe('obj');
  });

  it('fill path parameters, encoded, and refuse a missing one', () => {
    expect(routePath(withdraw, { id: 'a/b c' })).toBe('/coin/withdraws/a%2Fb%20c');
    expect(() => routePath(withdraw)).toThrow('needs the parameter id');
  });

  it('make the Fastify schema: the success envelope, the error envelopes, and the security of the call', () => {
    const schema = routeSchema(withdraw);
    expect(Object.keys(schema.response).map(Number).sort()).toEqual([200, 400, 401, 404, 429]);
    expect(schema.response[401]).toBe(errorEnvelope);
    expect(schema.security).toEqual([{ saasId: [], jwtToken: [] }]);
    const ok = schema.response[200]?.safeParse({ success: true, code: '0', message: 'success', data: null });
    expect(ok?.success).toBe(true);

    const publicSchema = routeSchema(check);
    expect(publicSchema.security).toEqual([{ saasId: [] }]);
    expect(publicSchema.querystring).toBe(check.query);
    expect(Object.keys(publicSchema.response).map(Number).sort()).toEqual([200, 400, 429]);
    const obj = publicSchema.response[200]?.safeParse({
      success: true,
      code: '0',
      msgKey: 'success',
      obj: true,
    });
    expect(obj?.success).toBe(true);
  });
});
