import type { DataEnvelope, ObjEnvelope } from '@ojo/api-contract/envelope';
import type { RouteDeclaration } from '@ojo/api-contract/route';
import { routePath } from '@ojo/api-contract/route-path';
import type { z } from 'zod';
import { type ApiHost, env } from '@/config/env';
import { getJwt } from './session-storage';

/**
 * The typed HTTP client of the web app (product.md 7, ARCHITECTURE.md (API conventions)). Every call carries `saas_id`; secure
 * calls carry `jwt_token`. User, quest and badge hosts answer `{success, code, msgKey, obj}`; wallet and game
 * (coin) hosts answer `{success, code, message, data}`. Every failure becomes an ApiError; HTTP 401 also emits
 * 'unauthorized', which the auth feature answers by logging out (product.md 4).
 *
 * The client checks the two envelopes with `zod/mini` (packages/api-contract/src/envelope-mini.ts, through
 * ./envelope-check.ts) and the payload with the call's own schema, which arrives with the feature's lazily loaded
 * api module. The check is imported on the first call, so the landing page, which needs the client for its shell,
 * does not download a schema library before interaction (budget).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/** Hosts whose calls answer the `{success, code, msgKey, obj}` envelope; the others answer `{..., message, data}`. */
export type ObjEnvelopeHost = 'customer' | 'quest' | 'badge';
const OBJ_ENVELOPE_HOSTS: ReadonlySet<ApiHost> = new Set<ObjEnvelopeHost>(['customer', 'quest', 'badge']);

export type EnvelopeOf<H extends ApiHost, T> = H extends ObjEnvelopeHost ? ObjEnvelope<T> : DataEnvelope<T>;

export interface ApiCall<H extends ApiHost, S extends z.ZodType> {
  host: H;
  /** The spec's path, starting with '/'; callers encode path parameters. */
  path: `/${string}`;
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sends the session jwt in the `jwt_token` header. */
  secure?: boolean;
  /** With `secure`: this jwt instead of the stored one (logout ends the session whose cookie it just cleared). */
  jwt?: string;
  /** Schema of the envelope's payload (`obj` or `data`). */
  schema: S;
  signal?: AbortSignal;
}

/**
 * - `http`: the server answered with a non-2xx status;
 * - `envelope`: the server answered 2xx with `success: false`;
 * - `network`: no answer (server down, CORS, DNS);
 * - `invalid-response`: the answer does not match the expected envelope and schema.
 */
export type ApiErrorKind = 'http' | 'envelope' | 'network' | 'invalid-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer. */
  readonly status: number;
  readonly code: string;
  /** The envelope's msgKey, when the server sent one. */
  readonly msgKey: string | undefined;
  /**
   * The payload (`obj` / `data`) of a failed envelope, unchecked: some verdicts carry what the page needs next
   * (a task verify's 100020 carries the connect URL). Read it through the route's schema.
   */
  readonly payload: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    code: string;
    msgKey?: string;
    message: string;
    payload?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.msgKey = init.msgKey;
    this.payload = init.payload ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The header names of product.md 7, as packages/api-contract/src/envelope.ts names them (SAAS_ID_HEADER,
 * JWT_HEADER; a test keeps them equal). Spelled here because that module also builds zod schemas that the lazily
 * loaded api modules share: importing a value from it would put zod into the landing page's first download.
 */
export const SAAS_ID_HEADER = 'saas_id';
export const JWT_HEADER = 'jwt_token';

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface FailureFields {
  code?: string;
  msgKey?: string;
  message?: string;
}

/** What an error answer may carry: either envelope, or the transport error envelope (code as string or number). */
function readFailureFields(body: unknown): FailureFields | undefined {
  if (!isFields(body)) return undefined;
  const { code, msgKey, message } = body;
  if (code !== undefined && typeof code !== 'string' && typeof code !== 'number') return undefined;
  if (msgKey !== undefined && typeof msgKey !== 'string') return undefined;
  if (message !== undefined && typeof message !== 'string') return undefined;
  return { code: code === undefined ? undefined : String(code), msgKey, message };
}

/**
 * The envelope check (zod/mini, ./envelope-check.ts) loads with the first call, in parallel with its request: the
 * landing page's first download holds the client but no schema library (budget). By the time an answer
 * arrives, the call's own schema (classic zod, sharing zod/mini's core) has been loaded by its feature anyway.
 */
type EnvelopeCheckModule = typeof import('./envelope-check');
let envelopeCheckLoading: Promise<EnvelopeCheckModule> | undefined;
function loadEnvelopeCheck(): Promise<EnvelopeCheckModule> {
  if (!envelopeCheckLoading) {
    envelopeCheckLoading = import('./envelope-check');
    // A failed download is retried by the next call instead of failing every later call.
    envelopeCheckLoading.catch(() => {
      envelopeCheckLoading = undefined;
    });
  }
  return envelopeCheckLoading;
}

/** What a route call carries besides its declaration. */
export interface RouteCallInput {
  params?: Readonly<Record<string, string | number>>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** A session token to send instead of the stored one (logout sends the one it has just cleared). */
  jwt?: string;
}

export interface UnauthorizedEvent {
  host: ApiHost;
  path: string;
}

export interface ApiClientOptions {
  hosts: Record<ApiHost, string>;
  saasId: string;
  getJwt: () => string | undefined;
  fetch?: typeof fetch;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const events = new EventTarget();
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  function buildUrl(host: ApiHost, path: string, query: Record<string, QueryValue> | undefined): string {
    const url = new URL(options.hosts[host] + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async function call<H extends ApiHost, S extends z.ZodType>(
    request: ApiCall<H, S>,
  ): Promise<EnvelopeOf<H, z.output<S>>> {
    const headers: Record<string, string> = { accept: 'application/json', [SAAS_ID_HEADER]: options.saasId };
    if (request.secure) {
      const jwt = request.jwt ?? options.getJwt();
      // Without a token the server answers 401, which logs the person out as product.md 4 says.
      if (jwt) headers[JWT_HEADER] = jwt;
    }
    const hasBody = request.body !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';

    const envelopeCheck = loadEnvelopeCheck();
    envelopeCheck.catch(() => undefined); // awaited below only for a 2xx answer
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(request.host, request.path, request.query), {
        method: request.method ?? 'GET',
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        signal: request.signal,
      });
    } catch (error) {
      // Cancellation is not a failure: TanStack Query and callers recognise the AbortError themselves.
      if (request.signal?.aborted) throw error;
      throw new ApiError({
        kind: 'network',
        status: 0,
        code: NETWORK_ERROR_CODE,
        message: 'The server could not be reached. Check your connection and try again.',
      });
    }

    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }

    if (!response.ok) {
      if (response.status === 401) {
        events.dispatchEvent(
          new CustomEvent<UnauthorizedEvent>('unauthorized', {
            detail: { host: request.host, path: request.path },
          }),
        );
      }
      const fields = readFailureFields(body) ?? {};
      throw new ApiError({
        kind: 'http',
        status: response.status,
        code: fields.code ?? `HTTP_${response.status}`,
        msgKey: fields.msgKey,
        message: fields.message || fields.msgKey || `Request failed with HTTP ${response.status}`,
      });
    }

    let checkEnvelope: EnvelopeCheckModule['checkEnvelope'];
    try {
      ({ checkEnvelope } = await envelopeCheck);
    } catch {
      throw new ApiError({
        kind: 'network',
        status: 0,
        code: NETWORK_ERROR_CODE,
        message: 'The server could not be reached. Check your connection and try again.',
      });
    }
    const parsed = checkEnvelope(body, OBJ_ENVELOPE_HOSTS.has(request.host), request.schema);
    if (!parsed.success) {
      // A failed envelope with a payload that does not match the success schema is still a failure to report.
      const failure = isFields(body) && body.success === false ? readFailureFields(body) : undefined;
      if (failure) throw envelopeError(response.status, failure, envelopePayload(body));
      throw new ApiError({
        kind: 'invalid-response',
        status: response.status,
        code: INVALID_RESPONSE_CODE,
        message: `Unexpected answer from ${request.method ?? 'GET'} ${request.path}: ${parsed.problems.join('; ')}`,
      });
    }
    const result = parsed.data as EnvelopeOf<H, z.output<S>>;
    if (!result.success) throw envelopeError(response.status, result, envelopePayload(result));
    return result;
  }

  /**
   * Calls a route by its declaration (packages/api-contract): host, method, path and payload schema come from it,
   * so no path or body shape is written in the web app. Resolves with the payload (`obj` or `data`).
   */
  async function callRoute<R extends RouteDeclaration>(
    route: R,
    input: RouteCallInput = {},
  ): Promise<z.output<R['result']> | null> {
    const envelope = await call({
      host: route.host,
      path: routePath(route, input.params) as `/${string}`,
      method: route.method,
      query: input.query,
      body: input.body,
      // A public route that reads an optional session (the ladder's `me`) gets the token the page holds.
      secure: route.secure || route.optionalSession,
      jwt: input.jwt,
      schema: route.result,
      signal: input.signal,
    });
    return ('obj' in envelope ? envelope.obj : envelope.data) as z.output<R['result']> | null;
  }

  return {
    call,
    callRoute,
    /** Subscribes to HTTP 401 answers; returns the unsubscribe function. */
    onUnauthorized(listener: (event: UnauthorizedEvent) => void): () => void {
      const handler = (event: Event) => listener((event as CustomEvent<UnauthorizedEvent>).detail);
      events.addEventListener('unauthorized', handler);
      return () => events.removeEventListener('unauthorized', handler);
    },
  };
}

function envelopeError(
  status: number,
  fields: { code?: string; msgKey?: string; message?: string },
  payload: unknown,
): ApiError {
  return new ApiError({
    kind: 'envelope',
    status,
    code: fields.code ?? 'UNKNOWN',
    msgKey: fields.msgKey,
    message: fields.message || fields.msgKey || 'The request failed.',
    payload,
  });
}

/** `obj` or `data` of an envelope, whichever it has. */
function envelopePayload(body: unknown): unknown {
  if (!isFields(body)) return null;
  return 'obj' in body ? body.obj : 'data' in body ? body.data : null;
}

/** The app's client: configured hosts, the configured saas id and the jwt from the session cookie. */
export const apiClient: ApiClient = createApiClient({ hosts: env.hosts, saasId: env.saasId, getJwt });
