import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataEnvelope, dataSuccess, errorEnvelope, objEnvelope, objSuccess } from './envelope';

describe('envelopes (DESIGN.md section 5)', () => {
  it('user calls answer {success, code, msgKey, obj}', () => {
    const body = objSuccess({ sign: 'abc' });
    expect(body).toEqual({ success: true, code: '0', msgKey: 'success', obj: { sign: 'abc' } });
    expect(objEnvelope(z.object({ sign: z.string() })).parse(body)).toEqual(body);
  });

  it('wallet calls answer {success, code, message, data}', () => {
    const body = dataSuccess({ histories: [] });
    expect(body).toEqual({ success: true, code: '0', message: 'success', data: { histories: [] } });
    expect(dataEnvelope(z.object({ histories: z.array(z.string()) })).parse(body)).toEqual(body);
  });

  it('the error envelope satisfies readers of both shapes', () => {
    const failure = {
      success: false as const,
      code: 'UNAUTHORIZED',
      msgKey: 'auth.unauthorized',
      message: 'A valid jwt_token header is required',
      obj: null,
      data: null,
    };
    expect(errorEnvelope.parse(failure)).toEqual(failure);
    expect(objEnvelope(z.object({ id: z.string() })).safeParse(failure).success).toBe(true);
    expect(dataEnvelope(z.object({ id: z.string() })).safeParse(failure).success).toBe(true);
    expect(errorEnvelope.safeParse({ ...failure, success: true }).success).toBe(false);
  });
});
