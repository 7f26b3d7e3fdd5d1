import { type ErrorEnvelope, transportErrorCodes } from '@ojo/api-contract/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const codeByStatus: Record<number, string> = {
  400: transportErrorCodes.badRequest,
  401: transportErrorCodes.unauthorized,
  404: transportErrorCodes.notFound,
  405: transportErrorCodes.methodNotAllowed,
  413: transportErrorCodes.payloadTooLarge,
  415: transportErrorCodes.unsupportedMediaType,
  429: transportErrorCodes.tooManyRequests,
  503: transportErrorCodes.serviceUnavailable,
};

function envelope(code: string, msgKey: string, message: string): ErrorEnvelope {
  return { success: false, code, msgKey, message, obj: null, data: null };
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "body.handle: Too small ..." for each failed field, so the caller sees which input is wrong. */
function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .map((issue) => {
      const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
      const where = [context, field].filter(Boolean).join('.');
      return `${where || 'request'}: ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/** viem's names for a node it could not reach or that did not answer in time. */
const UNREACHABLE_ERRORS = new Set([
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
]);

/** True when the error, or any error it wraps, says the chain or bundler could not be reached. */
export function isUpstreamUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current instanceof Error; depth++) {
    if (UNREACHABLE_ERRORS.has(current.name)) return true;
    current = current.cause;
  }
  return false;
}

/** Maps any thrown value to a status and an error envelope. Only unexpected failures become a 500. */
export function toErrorResponse(error: unknown): { statusCode: number; body: ErrorEnvelope; isBug: boolean } {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: envelope(error.code, error.msgKey, error.message),
      isBug: false,
    };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: ValidationIssue[] };
  if (Array.isArray(fastifyError.validation) && fastifyError.validation.length > 0) {
    return {
      statusCode: 400,
      body: envelope(
        transportErrorCodes.badRequest,
        'request.invalid',
        describeValidation(fastifyError.validationContext, fastifyError.validation),
      ),
      isBug: false,
    };
  }
  const statusCode = fastifyError.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, body too large) carry safe messages.
    const isBadJson = error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
    const message = isBadJson ? 'Request body is not valid JSON' : (fastifyError.message ?? 'Bad request');
    return {
      statusCode,
      body: envelope(codeByStatus[statusCode] ?? transportErrorCodes.badRequest, 'request.invalid', message),
      isBug: false,
    };
  }
  if (isUpstreamUnavailable(error)) {
    // The chain or bundler is down: the request may be fine, so say so instead of blaming a bug.
    return {
      statusCode: 503,
      body: envelope(
        transportErrorCodes.serviceUnavailable,
        'chain.unavailable',
        'The chain is not reachable',
      ),
      isBug: false,
    };
  }
  return {
    statusCode: 500,
    body: envelope(transportErrorCodes.internalError, 'system.error', 'Internal server error'),
    isBug: true,
  };
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode, body, isBug } = toErrorResponse(error);
    if (isBug) {
      request.log.error({ err: error }, 'unhandled error');
    } else {
      request.log.info({ statusCode, code: body.code, reason: body.message }, 'request refused');
    }
    return reply.status(statusCode).send(body);
  });

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request) => {
    const pathOnly = request.url.split('?')[0];
    throw AppError.notFound(`Route ${request.method} ${pathOnly} not found`);
  });
}

/** One error handler for the whole API: every failure leaves as the error envelope. */
export default fp(errorHandlerPlugin, {
  name: 'error-handler',
  dependencies: ['rate-limit'],
});
