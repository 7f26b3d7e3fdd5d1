import * as z from 'zod/mini';

/**
 * The two response envelopes of ./envelope.ts, built with `zod/mini` for the web API client. The client is part of
 * the landing page's first download, so it must not pull in zod's full (classic) API: zod/mini shares zod's core
 * and tree-shakes to the few checks used here. An envelope field of the wrong type reads
 * `<field>: expected a boolean` / `expected a string`; a body that is not an object reads
 * `the answer is not a JSON object`. The payload is checked by the route's own (classic) schema, null allowed.
 * Unknown fields are dropped, as with ./envelope.ts. A test keeps both modules' field lists equal.
 */
const NOT_AN_OBJECT = 'the answer is not a JSON object';
const envelopeFields = () => ({
  success: z.boolean({ error: 'expected a boolean' }),
  code: z.string({ error: 'expected a string' }),
});

/** `{success, code, msgKey, obj}`: customer, quest and badge calls. */
export const objEnvelopeMini = <T extends z.core.$ZodType>(obj: T) =>
  z.object(
    { ...envelopeFields(), msgKey: z.string({ error: 'expected a string' }), obj: z.nullable(obj) },
    { error: NOT_AN_OBJECT },
  );

/** `{success, code, message, data}`: wallet, coin and game calls. */
export const dataEnvelopeMini = <T extends z.core.$ZodType>(data: T) =>
  z.object(
    { ...envelopeFields(), message: z.string({ error: 'expected a string' }), data: z.nullable(data) },
    { error: NOT_AN_OBJECT },
  );
