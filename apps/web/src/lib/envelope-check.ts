import type { DataEnvelope, ObjEnvelope } from '@ojo/api-contract/envelope';
import { dataEnvelopeMini, objEnvelopeMini } from '@ojo/api-contract/envelope-mini';
import type { z } from 'zod';

/**
 * The web API client's envelope check, loaded lazily by ./api-client.ts with its first call (so the landing page's
 * first download holds no schema library).
 */
export type EnvelopeCheck<T> = { success: true; data: T } | { success: false; problems: string[] };
type EnvelopeSchema = ReturnType<typeof objEnvelopeMini> | ReturnType<typeof dataEnvelopeMini>;

/** Each payload schema's two envelope schemas, built once (a route's schema is one object for the app's life). */
const objEnvelopes = new WeakMap<z.ZodType, EnvelopeSchema>();
const dataEnvelopes = new WeakMap<z.ZodType, EnvelopeSchema>();

function envelopeSchema(schema: z.ZodType, isObjEnvelope: boolean): EnvelopeSchema {
  const cache = isObjEnvelope ? objEnvelopes : dataEnvelopes;
  let envelope = cache.get(schema);
  if (!envelope) {
    envelope = isObjEnvelope ? objEnvelopeMini(schema) : dataEnvelopeMini(schema);
    cache.set(schema, envelope);
  }
  return envelope;
}

/**
 * Checks `{success, code, msgKey, obj}` (customer, quest, badge) or `{success, code, message, data}` (wallet, game)
 * against packages/api-contract/src/envelope-mini.ts (zod/mini), the payload against the call's schema (null
 * allowed). Keeps only the envelope's fields. Each problem reads `<path>: <message>`, e.g. `obj.tasks: ...`.
 */
export function checkEnvelope<S extends z.ZodType>(
  body: unknown,
  isObjEnvelope: boolean,
  schema: S,
): EnvelopeCheck<ObjEnvelope<z.output<S>> | DataEnvelope<z.output<S>>> {
  const parsed = envelopeSchema(schema, isObjEnvelope).safeParse(body);
  if (parsed.success) {
    return { success: true, data: parsed.data as ObjEnvelope<z.output<S>> | DataEnvelope<z.output<S>> };
  }
  return {
    success: false,
    problems: parsed.error.issues.map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.map(String).join('.')}: ${issue.message}`,
    ),
  };
}
