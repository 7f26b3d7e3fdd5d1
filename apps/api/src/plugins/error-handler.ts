import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ENVELOPE_MESSAGE_MAX, type ErrorEnvelope } from '@ojo/api-contract/envelope';
import { type ErrorEntry, TRANSPORT_ERRORS } from '@ojo/domain/error-catalogue';
import { ERROR_CODES } from '@ojo/domain/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isOverdraft } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { API_SECURITY_HEADERS } from './security-headers';

const codeByStatus: Record<number, string> = {
  400: ERROR_CODES.BAD_REQUEST,
  401: ERROR_CODES.UNAUTHORIZED,
  404: ERROR_CODES.NOT_FOUND,
  405: ERROR_CODES.METHOD_NOT_ALLOWED,
  408: ERROR_CODES.REQUEST_TIMEOUT,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  414: ERROR_CODES.URI_TOO_LONG,
  415: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
  429: ERROR_CODES.TOO_MANY_REQUESTS,
  431: ERROR_CODES.HEADERS_TOO_LARGE,
  503: ERROR_CODES.SERVICE_UNAVAILABLE,
};

/** A message past the envelope's bound (a body with thousands of refused fields) is cut, never refused itself. */
function envelope(code: string, msgKey: string, message: string): ErrorEnvelope {
  const fitting =
    message.length > ENVELOPE_MESSAGE_MAX ? `${message.slice(0, ENVELOPE_MESSAGE_MAX - 1)}…` : message;
  return { success: false, code, msgKey, message: fitting, obj: null, data: null };
}

function entryEnvelope(entry: ErrorEntry, message: string = entry.text): ErrorEnvelope {
  return envelope(entry.code, entry.msgKey, message);
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
      body: entryEnvelope(
        TRANSPORT_ERRORS.badRequest,
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
      body: envelope(
        codeByStatus[statusCode] ?? ERROR_CODES.BAD_REQUEST,
        TRANSPORT_ERRORS.badRequest.msgKey,
        message,
      ),
      isBug: false,
    };
  }
  if (isOverdraft(error)) {
    // Two moves of one balance at once, the second no longer covered: the caller's request, not a bug.
    return {
      statusCode: 422,
      body: entryEnvelope(TRANSPORT_ERRORS.balanceInsufficient),
      isBug: false,
    };
  }
  if (isUpstreamUnavailable(error)) {
    // The chain or bundler is down: the request may be fine, so say so instead of blaming a bug.
    return {
      statusCode: 503,
      body: entryEnvelope(TRANSPORT_ERRORS.chainUnavailable, 'The chain is not reachable'),
      isBug: false,
    };
  }
  return {
    statusCode: 500,
    body: entryEnvelope(TRANSPORT_ERRORS.systemError, 'Internal server error'),
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
    return [408, ERROR_CODES.REQUEST_TIMEOUT, 'The request was not received in time'];
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : Buffer.alloc(0);
    const lineEnd = raw.indexOf('\r\n');
    if (lineEnd === -1 || lineEnd > LONG_REQUEST_LINE_BYTES) {
      return [414, ERROR_CODES.URI_TOO_LONG, 'The URL is too long'];
    }
    return [431, ERROR_CODES.HEADERS_TOO_LARGE, 'The request headers are too large'];
  }
  return [400, ERROR_CODES.BAD_REQUEST, 'The request is not valid HTTP'];
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
    const body = JSON.stringify(envelope(code, TRANSPORT_ERRORS.badRequest.msgKey, message));
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
