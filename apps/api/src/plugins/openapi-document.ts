import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * What every operation of the published document says beyond its route's own schema, added in one place so no route
 * can forget it: an operationId, the error envelope for 429 (the rate limit is global) and 500 (the error handler is),
 * the rate-limit headers @fastify/rate-limit sends, and a format on every integer.
 */

const ERROR_ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const INT32 = 2 ** 31;

/** The tags of the document, each with what its operations are about. */
export const OPENAPI_TAGS: OpenAPIV3_1.TagObject[] = [
  { name: 'system', description: 'Health of the API and of what it depends on.' },
  { name: 'identity', description: 'Sign-in with an Ethereum account and the identity layer’s keys.' },
  { name: 'customer', description: 'Sessions: login, token refresh and logout.' },
  { name: 'user', description: 'The signed-in user, linked wallets and social accounts.' },
  { name: 'referral', description: 'Invite codes and invited friends.' },
  { name: 'profile', description: 'The on-chain profile and its handle.' },
  { name: 'chain', description: 'The chain the product runs on and its contracts.' },
  { name: 'gas', description: 'Sponsored gas for the smart account.' },
  { name: 'tasks', description: 'Quests: their list, verification and rewards.' },
  { name: 'wallet', description: 'Token balances, histories, tickers and the devnet faucet.' },
  { name: 'member', description: 'Points, assets and their ledgers.' },
  { name: 'check-in', description: 'The daily check-in and its rewards.' },
  { name: 'badge', description: 'Badges: series, progress, claims and mints.' },
  { name: 'game', description: 'The race: rounds, bets, seasons, ladders and their published proofs.' },
  { name: 'coin', description: 'Buying and redeeming OJO.' },
  { name: 'operator', description: 'Reports for the operator, with the operator token.' },
  {
    name: 'console',
    description: 'The operator console: operators’ sign-in and sessions, operators and roles, the audit log.',
  },
];

/** Routes @fastify/rate-limit leaves alone (`config.rateLimit: false`): no 429 and no rate-limit headers. */
export type UnlimitedRoutes = ReadonlySet<string>;

/** `get /coin/orders/{id}` as a key of `UnlimitedRoutes`. */
export const operationKey = (method: string, path: string) =>
  `${method.toLowerCase()} ${path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;

/** `delete /coin/orders/{id}` -> `deleteCoinOrdersById`: unique because method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = segment.match(/^\{(.+)\}$/);
      return param ? ['by', ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

const count = (description: string): OpenAPIV3_1.HeaderObject => ({
  description,
  schema: { type: 'integer', format: 'int32', minimum: 0, maximum: INT32 - 1 },
});
const rateLimitHeaders = {
  'X-RateLimit-Limit': count('Requests allowed in the window.'),
  'X-RateLimit-Remaining': count('Requests left in the window.'),
  'X-RateLimit-Reset': count('Seconds until the window starts again.'),
};
const retryAfter = count('Seconds to wait before the next request.');
/** @fastify/cors answers every route (plugins/cors.ts). */
const corsHeaders: Record<string, OpenAPIV3_1.HeaderObject> = {
  'Access-Control-Allow-Origin': {
    description:
      'The caller’s origin when the API allows it (the web app, the game frame); absent otherwise.',
    schema: { type: 'string', format: 'uri', maxLength: 2048 },
  },
};

const errorResponse = (description: string): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/json': { schema: ERROR_ENVELOPE_REF } },
});

function finishOperation(
  operation: OpenAPIV3_1.OperationObject,
  method: string,
  path: string,
  limited: boolean,
) {
  operation.operationId ??= operationIdOf(method, path);
  operation.responses ??= {};
  const responses = operation.responses as Record<string, OpenAPIV3_1.ResponseObject>;
  if (limited) responses['429'] ??= errorResponse('Too many requests: the rate limit was reached.');
  responses['500'] ??= errorResponse('An unexpected failure.');
  for (const [status, response] of Object.entries(responses)) {
    // A refusal is the JSON error envelope even where the success is another media type (a CSV export).
    if (/^[45]/.test(status)) response.content = errorResponse(response.description).content;
    const rateLimited = limited && /^[24]/.test(status);
    response.headers = {
      ...corsHeaders,
      ...(rateLimited ? rateLimitHeaders : {}),
      ...(rateLimited && status === '429' ? { 'Retry-After': retryAfter } : {}),
      ...response.headers,
    };
  }
}

/** int32 when the schema's bounds fit in one, else int64 (zod's `.int()` is the safe-integer range). */
function addIntegerFormats(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) addIntegerFormats(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') && schema.format === undefined) {
    const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
    const fits = minimum !== undefined && maximum !== undefined && minimum >= -INT32 && maximum < INT32;
    schema.format = fits ? 'int32' : 'int64';
  }
  for (const value of Object.values(schema)) addIntegerFormats(value);
}

/** The document as published: see the file's comment. */
export function finishDocument(
  document: OpenAPIV3_1.Document,
  unlimited: UnlimitedRoutes,
): OpenAPIV3_1.Document {
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    // A registry id (`#/components/schemas/X`) is no valid `$id`; the component's key already names it.
    const named = schema as { $id?: string };
    if (named.$id?.startsWith('#')) delete named.$id;
  }
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) finishOperation(operation, method, path, !unlimited.has(operationKey(method, path)));
    }
  }
  addIntegerFormats(document);
  return document;
}
