import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataEnvelope, dataSuccess, errorEnvelope, objEnvelope, objSuccess } from './envelope';
import { dataEnvelopeMini, objEnvelopeMini } from './envelope-mini';

describe('envelopes (ARCHITECTURE.md (API conventions))', () => {
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

  it('the zod/mini envelopes of the web client have the same fields and accept the same answers', () => {
    const payload = z.object({ id: z.string() });
    expect(Object.keys(objEnvelopeMini(payload).def.shape)).toEqual(Object.keys(objEnvelope(payload).shape));
    expect(Object.keys(dataEnvelopeMini(payload).def.shape)).toEqual(
      Object.keys(dataEnvelope(payload).shape),
    );
    const body = objSuccess({ id: 'a' });
    expect(objEnvelopeMini(payload).parse({ ...body, extra: 1 })).toEqual(objEnvelope(payload).parse(body));
    expect(dataEnvelopeMini(payload).parse(dataSuccess(null))).toEqual(dataSuccess(null));
    expect(objEnvelopeMini(payload).safeParse({ ...body, obj: { id: 1 } }).success).toBe(false);
  });
});
