import { z } from 'zod';

/**
 * Bounds of the envelope's texts (OpenAPI maxLength; answers are checked against them): a code is a short token, a
 * msgKey a dotted key, a message one sentence, or the list of a refused request's fields (cut to fit, see
 * apps/api/src/plugins/error-handler.ts).
 */
export const ENVELOPE_CODE_MAX = 64;
export const ENVELOPE_MSG_KEY_MAX = 256;
export const ENVELOPE_MESSAGE_MAX = 4096;
const code = z.string().max(ENVELOPE_CODE_MAX);
const msgKey = z.string().max(ENVELOPE_MSG_KEY_MAX);
const message = z.string().max(ENVELOPE_MESSAGE_MAX);

/**
 * Two response envelopes, as the spec reads them (ARCHITECTURE.md (API conventions)):
 * customer, quest and badge calls answer `{success, code, msgKey, obj}`;
 * wallet, coin and game calls answer `{success, code, message, data}`.
 */
export const objEnvelope = <T extends z.ZodType>(obj: T) =>
  z.object({
    success: z.boolean(),
    code,
    msgKey,
    obj: obj.nullable(),
  });

export const dataEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    code,
    message,
    data: data.nullable(),
  });

export type ObjEnvelope<T> = { success: boolean; code: string; msgKey: string; obj: T | null };
export type DataEnvelope<T> = { success: boolean; code: string; message: string; data: T | null };

/** Error envelope shape used for transport-level failures (400, 401, 404, 408, 413, 414, 429, 431, 500, ...). */
export const errorEnvelope = z
  .object({
    success: z.literal(false),
    code,
    msgKey,
    message,
    obj: z.null(),
    data: z.null(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Header names of product.md 7: every request carries saas_id; secure calls carry jwt_token. */
export const SAAS_ID_HEADER = 'saas_id';
export const JWT_HEADER = 'jwt_token';

/** `code` and `msgKey` of a successful answer. */
export const SUCCESS_CODE = '0';
export const SUCCESS_MSG_KEY = 'success';

/** Builds `{success: true, code, msgKey, obj}` for customer, quest and badge calls. */
export const objSuccess = <T>(obj: T): ObjEnvelope<T> => ({
  success: true,
  code: SUCCESS_CODE,
  msgKey: SUCCESS_MSG_KEY,
  obj,
});

/** Builds `{success: true, code, message, data}` for wallet, coin and game calls. */
export const dataSuccess = <T>(data: T): DataEnvelope<T> => ({
  success: true,
  code: SUCCESS_CODE,
  message: SUCCESS_MSG_KEY,
  data,
});
