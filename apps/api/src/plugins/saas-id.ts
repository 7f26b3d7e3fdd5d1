import { SAAS_ID_HEADER } from '@ojo/api-contract/envelope';
import { TRANSPORT_ERRORS } from '@ojo/domain/error-catalogue';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * Every product call carries the saas_id header (product.md 7); a missing or unknown one is a bad request.
 * Registered as an onRequest hook on the product scope only, so /healthz and /docs do not need it.
 */
export function requireSaasId(expectedSaasId: string) {
  // A callback hook rather than an async one: every product request runs it, and a promise per request is not free.
  return function checkSaasId(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const value = request.headers[SAAS_ID_HEADER];
    if (typeof value !== 'string' || value.length === 0) {
      done(AppError.badRequest(`Header ${SAAS_ID_HEADER} is required`, TRANSPORT_ERRORS.saasIdMissing));
    } else if (value !== expectedSaasId) {
      done(
        AppError.badRequest(
          `Header ${SAAS_ID_HEADER} is not a known product`,
          TRANSPORT_ERRORS.saasIdUnknown,
        ),
      );
    } else {
      done();
    }
  };
}
