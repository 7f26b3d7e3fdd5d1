import type { OperatorRole } from '@ojo/domain/operator/roles';
import type { z } from 'zod';
import { dataEnvelope, errorEnvelope, objEnvelope } from './envelope';

/**
 * One declaration per route (ARCHITECTURE.md, API conventions 1): method, path, host, envelope, schemas and whether
 * the session token is required. The API registers its handler from it, OpenAPI comes from it, and the web and game
 * clients call it by it, so no path or body shape is written twice.
 */

/** The `{host}`s of product.md 7; each is configuration in the clients and defaults to the API (ARCHITECTURE.md (API conventions)). */
export const API_HOSTS = ['customer', 'quest', 'badge', 'wallet', 'game'] as const;
export type ApiHost = (typeof API_HOSTS)[number];

/**
 * `obj`: `{success, code, msgKey, obj}` (customer, quest and badge calls); `data`: `{success, code, message, data}`
 * (wallet, coin and game calls), as the spec reads them (ARCHITECTURE.md (API conventions)).
 */
export type EnvelopeKind = 'obj' | 'data' | 'csv';

/**
 * A console call (docs/console.md): the operator role it requires, checked by the server on every call with the
 * operator token, or 'sign-in' for the calls that open a console session (no token).
 */
export type ConsoleAccess = OperatorRole | 'sign-in';

/** The envelope a host's calls answer with, unless a declaration says otherwise. */
export function envelopeOfHost(host: ApiHost): EnvelopeKind {
  return host === 'customer' || host === 'quest' || host === 'badge' ? 'obj' : 'data';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 502 | 503;

type AnySchema = z.ZodType;

export interface RouteDeclaration<
  Params extends AnySchema | undefined = AnySchema | undefined,
  Query extends AnySchema | undefined = AnySchema | undefined,
  Body extends AnySchema | undefined = AnySchema | undefined,
  Result extends AnySchema = AnySchema,
> {
  readonly method: HttpMethod;
  /** The spec's path, Fastify syntax for parameters (`/coin/withdraws/:id`); `routePath` fills them in. */
  readonly path: `/${string}`;
  readonly host: ApiHost;
  readonly envelope: EnvelopeKind;
  /** Requires the session token (`jwt_token`); a missing or bad one is a 401 (product.md 6). */
  readonly secure: boolean;
  /** A console call's access (its role, or sign-in); null for the product's calls. */
  readonly console: ConsoleAccess | null;
  /**
   * A public route that adds the caller's own data when a session token comes along (e.g. the ladder's `me`): clients
   * send the token they hold; a missing or ended one is no error, the answer just carries no caller data.
   */
  readonly optionalSession: boolean;
  readonly summary: string;
  /** Longer OpenAPI text, when the summary is not enough. */
  readonly description: string | undefined;
  readonly tags: readonly string[];
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  /** The payload: the envelope's `obj` or `data`. */
  readonly result: Result;
  readonly successStatus: SuccessStatus;
  /** Statuses this route may answer with the error envelope, besides those every route may (400, 429, 5xx). */
  readonly errorStatuses: readonly ErrorStatus[];
}

export interface RouteInit<
  Params extends AnySchema | undefined,
  Query extends AnySchema | undefined,
  Body extends AnySchema | undefined,
  Result extends AnySchema,
> {
  method: HttpMethod;
  path: `/${string}`;
  host: ApiHost;
  /** Defaults to the host's envelope; 'csv' answers text/csv without an envelope (exports). */
  envelope?: EnvelopeKind;
  secure: boolean;
  /** Only for console calls, which are never `secure` (they carry the operator token, not the player's). */
  console?: ConsoleAccess;
  /** Defaults to false; only for a public route (`secure: false`). */
  optionalSession?: boolean;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: Params;
  query?: Query;
  body?: Body;
  result: Result;
  successStatus?: SuccessStatus;
  errorStatuses?: readonly ErrorStatus[];
}

/** Declares a route; the only way routes are written (packages/api-contract/src/<module>.ts). */
export function defineRoute<
  Result extends AnySchema,
  Params extends AnySchema | undefined = undefined,
  Query extends AnySchema | undefined = undefined,
  Body extends AnySchema | undefined = undefined,
>(init: RouteInit<Params, Query, Body, Result>): RouteDeclaration<Params, Query, Body, Result> {
  return {
    method: init.method,
    path: init.path,
    host: init.host,
    envelope: init.envelope ?? envelopeOfHost(init.host),
    secure: init.secure,
    console: init.console ?? null,
    optionalSession: !init.secure && (init.optionalSession ?? false),
    summary: init.summary,
    description: init.description,
    tags: init.tags,
    params: init.params as Params,
    query: init.query as Query,
    body: init.body as Body,
    result: init.result,
    successStatus: init.successStatus ?? 200,
    errorStatuses: init.errorStatuses ?? [],
  };
}

/** What the payload of a route is, as the server returns it and as a client reads it. */
export type RouteResult<R extends RouteDeclaration> = z.output<R['result']>;
export type RouteParams<R extends RouteDeclaration> = R['params'] extends AnySchema
  ? z.input<R['params']>
  : undefined;
export type RouteQuery<R extends RouteDeclaration> = R['query'] extends AnySchema
  ? z.input<R['query']>
  : undefined;
export type RouteBody<R extends RouteDeclaration> = R['body'] extends AnySchema
  ? z.input<R['body']>
  : undefined;

export { routePath } from './route-path';

/** `schema.security` of a public product call (only saas_id) and of a secure one (saas_id and jwt_token). */
export const PUBLIC_SECURITY = [{ saasId: [] }];
export const SECURE_SECURITY = [{ saasId: [], jwtToken: [] }];
/** `schema.security` of a public call that reads an optional session: either requirement set is accepted. */
export const OPTIONAL_SESSION_SECURITY = [...PUBLIC_SECURITY, ...SECURE_SECURITY];

/** `schema.security` of a console call: the operator token as a bearer token (no saas_id: not a product call). */
export const OPERATOR_SECURITY = [{ operatorSession: [] }];

/** The envelope schema around a route's payload (a CSV export's payload is the answer itself). */
export function successEnvelope<R extends RouteDeclaration>(route: R) {
  if (route.envelope === 'csv') return route.result;
  return route.envelope === 'obj' ? objEnvelope(route.result) : dataEnvelope(route.result);
}

function securityOf(route: RouteDeclaration) {
  if (route.console === 'sign-in') return [];
  if (route.console) return OPERATOR_SECURITY;
  if (route.secure) return SECURE_SECURITY;
  return route.optionalSession ? OPTIONAL_SESSION_SECURITY : PUBLIC_SECURITY;
}

/** Error statuses a route's access adds: 401 without a valid token, 403 for a console role that is not enough. */
function accessErrorStatuses(route: RouteDeclaration): number[] {
  if (route.console && route.console !== 'sign-in') return [401, 403];
  return route.secure ? [401] : [];
}

/** Statuses every route may answer with the error envelope. */
const COMMON_ERROR_STATUSES = [400, 429] as const;

/**
 * The Fastify route schema of a declaration (validation, serialisation and OpenAPI through
 * fastify-type-provider-zod): params, querystring, body, the success envelope and the error envelopes.
 */
export function routeSchema(route: RouteDeclaration) {
  const response: Record<number, AnySchema> = { [route.successStatus]: successEnvelope(route) };
  for (const status of [...COMMON_ERROR_STATUSES, ...accessErrorStatuses(route), ...route.errorStatuses]) {
    response[status] = errorEnvelope;
  }
  return {
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [...route.tags],
    security: securityOf(route),
    ...(route.envelope === 'csv' ? { produces: ['text/csv'] } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    response,
  };
}
