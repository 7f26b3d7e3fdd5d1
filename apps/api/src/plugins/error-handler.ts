import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ENVELOPE_MESSAGE_MAX, type ErrorEnvelope, transportErrorCodes } from '@ojo/api-contract/envelope';
import { TRANSPORT_ERRORS } from '@ojo/domain/error-catalogue';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isOverdraft } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { API_SECURITY_HEADERS } from './security-headers';

const codeByStatus: Record<number, string> = {
  400: transportErrorCodes.badRequest,
  401: transportErrorCodes.unauthorized,
  404: transportErrorCodes.notFound,
  405: transportErrorCodes.methodNotAllowed,
  408: transportErrorCodes.requestTimeout,
  413: transportErrorCodes.payloadTooLarge,
  414: transportErrorCodes.uriTooLong,
  415: transportErrorCodes.unsupportedMediaType,
  429: transportErrorCodes.tooManyRequests,
  431: transportErrorCodes.headersTooLarge,
  503: transportErrorCodes.serviceUnavailable,
};

/** A message past the envelope's bound (a body with thousands of refused fields) is cut, never refused itself. */
function envelope(code: string, msgKey: string, message: string): ErrorEnvelope {
  const fitting =
    message.length > ENVELOPE_MESSAGE_MAX ? `${message.slice(0, ENVELOPE_MESSAGE_MAX - 1)}…` : message;
  return { success: false, code, msgKey, message: fitting, obj: null, data: null };
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

/** Texts for Fastify's refusals of a URL before any route runs. */
const FIXED_MESSAGES: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: 'The URL is too long',
  FST_ERR_BAD_URL: 'The URL is not validly encoded',
};

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
    // Fastify's own client errors (bad JSON, wrong content type, body too large) carry safe messages; the URL ones
    // would repeat the caller's URL, so they get a fixed text.
    const isBadJson = error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
    const message = isBadJson
      ? 'Request body is not valid JSON'
      : (FIXED_MESSAGES[fastifyError.code ?? ''] ?? fastifyError.message ?? 'Bad request');
    return {
      statusCode,
      body: envelope(codeByStatus[statusCode] ?? transportErrorCodes.badRequest, 'request.invalid', message),
      isBug: false,
    };
  }
  if (isOverdraft(error)) {
    // Two moves of one balance at once, the second no longer covered: the caller's request, not a bug.
    return {
      statusCode: 422,
      body: envelope(
        TRANSPORT_ERRORS.balanceInsufficient.code,
        TRANSPORT_ERRORS.balanceInsufficient.msgKey,
        TRANSPORT_ERRORS.balanceInsufficient.text,
      ),
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

/**
 * Fastify's `frameworkErrors`: refusals before routing (a path parameter over maxParamLength is a 414, a URL that
 * does not decode a 400) leave as the error envelope like every other answer, not as Fastify's bare JSON.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { statusCode, body } = toErrorResponse(error);
  request.log.info({ statusCode, code: body.code }, 'request refused before routing');
  // Refused before routing, so before the onRequest hooks that tag every answer: tagged here the same way.
  void reply.headers(API_SECURITY_HEADERS).header('x-request-id', request.id).status(statusCode).send(body);
}

/** A request line this long is what overflowed Node's header limit: the URL is too long (414), not the headers. */
const LONG_REQUEST_LINE_BYTES = 8192;

/** The status, code and text for a request Node's HTTP parser refused. */
function clientErrorAnswer(error: { code?: string; rawPacket?: unknown }): [number, string, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, transportErrorCodes.requestTimeout, 'The request was not received in time'];
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : Buffer.alloc(0);
    const lineEnd = raw.indexOf('\r\n');
    if (lineEnd === -1 || lineEnd > LONG_REQUEST_LINE_BYTES) {
      return [414, transportErrorCodes.uriTooLong, 'The URL is too long'];
    }
    return [431, transportErrorCodes.headersTooLarge, 'The request headers are too large'];
  }
  return [400, transportErrorCodes.badRequest, 'The request is not valid HTTP'];
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (URL or headers over the size limit, a request
 * too slow to arrive, bytes that are not HTTP) never reaches Fastify's routing, so it is answered here, on the
 * socket, with the same error envelope.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code, message] = clientErrorAnswer(error);
  this.log.info({ statusCode, code, reason: error.code }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify(envelope(code, 'request.invalid', message));
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
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
