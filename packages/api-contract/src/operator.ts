import { OPERATOR_ROLES } from '@ojo/domain/operator/roles';
import { z } from 'zod';
import { MAX } from './bounds';
import { siweVerifyBody } from './identity';
import { defineRoute } from './route';

/**
 * The operator console's sign-in, sessions and operators (docs/console.md). Operators are not players: they sign a
 * SIWE message for the console's origin with a nonce of their own, carry an operator token (its own audience) as a
 * bearer token, and every call names the role it requires.
 */

export const operatorRole = z.enum(OPERATOR_ROLES);

const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .max(42);

export const operatorView = z
  .object({
    id: z.string().max(MAX.key).uuid(),
    /** Checksummed. */
    address: z.string().max(MAX.address),
    role: operatorRole,
    /** An owner listed in OPERATOR_OWNER_ADDRESSES: changed in the configuration, not in the console. */
    fromConfiguration: z.boolean(),
    /** ms since the epoch. */
    createdAt: z.number().int(),
  })
  .meta({ id: 'Operator' });
export type OperatorView = z.infer<typeof operatorView>;

const CONSOLE = ['console'] as const;

/** `GET /console/session/nonce`: the nonce of the console's SIWE message; 10 minutes, single use. */
export const consoleNonceRoute = defineRoute({
  method: 'GET',
  path: '/console/session/nonce',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'sign-in',
  summary: 'A fresh nonce for the console sign-in (10 minutes, single use)',
  tags: CONSOLE,
  result: z
    .object({ nonce: z.string().max(MAX.key), chainId: z.number().int() })
    .meta({ id: 'ConsoleNonce' }),
});

export const consoleSession = z
  .object({
    /** The operator token: send it as `Authorization: Bearer <token>` to every console call. */
    operatorToken: z.string().max(MAX.blob),
    /** When the session ends, ms since the epoch (no renewal: sign in again). */
    expiresAt: z.number().int(),
    operator: operatorView,
  })
  .meta({ id: 'ConsoleSession' });
export type ConsoleSession = z.infer<typeof consoleSession>;

/** `POST /console/session`: a SIWE message for the console's origin, signed by an operator's address. */
export const consoleSignInRoute = defineRoute({
  method: 'POST',
  path: '/console/session',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'sign-in',
  summary: 'Signs an operator in to the console: verifies the SIWE message and opens a console session',
  description:
    "The message's domain and uri are the console's origin and its nonce comes from GET /console/session/nonce. An " +
    'externally owned account, a deployed smart account (ERC-1271) and a counterfactual one (ERC-6492) all sign in. ' +
    '401 operator.unknown when the address is no operator.',
  tags: CONSOLE,
  body: siweVerifyBody,
  result: consoleSession,
  errorStatuses: [401, 503],
});

/** `GET /console/session`: the signed-in operator and when the session ends. */
export const consoleSessionRoute = defineRoute({
  method: 'GET',
  path: '/console/session',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'viewer',
  summary: 'The signed-in operator',
  tags: CONSOLE,
  result: z
    .object({ operator: operatorView, expiresAt: z.number().int() })
    .meta({ id: 'ConsoleSessionInfo' }),
});

/** `DELETE /console/session`: logout; the token is refused from then on, on every node. */
export const consoleSignOutRoute = defineRoute({
  method: 'DELETE',
  path: '/console/session',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'viewer',
  summary: 'Ends the console session of the token',
  tags: CONSOLE,
  result: z.null(),
});

/** `GET /console/operators`. */
export const listOperatorsRoute = defineRoute({
  method: 'GET',
  path: '/console/operators',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'owner',
  summary: 'The operators and their roles',
  tags: CONSOLE,
  result: z.object({ operators: z.array(operatorView).max(MAX.list) }).meta({ id: 'Operators' }),
});

/** `POST /console/operators`: an address becomes an operator with a role. */
export const addOperatorRoute = defineRoute({
  method: 'POST',
  path: '/console/operators',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'owner',
  summary: 'Adds an operator',
  tags: CONSOLE,
  body: z.object({ address: evmAddress, role: operatorRole }),
  result: operatorView,
  successStatus: 201,
  errorStatuses: [409],
});

const operatorParams = z.object({ id: z.string().max(MAX.key).uuid() });

/** `PATCH /console/operators/:id`: a new role. */
export const changeOperatorRoleRoute = defineRoute({
  method: 'PATCH',
  path: '/console/operators/:id',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'owner',
  summary: "Changes an operator's role",
  tags: CONSOLE,
  params: operatorParams,
  body: z.object({ role: operatorRole }),
  result: operatorView,
  errorStatuses: [404, 409],
});

/** `DELETE /console/operators/:id`: the operator and every session of theirs end. */
export const removeOperatorRoute = defineRoute({
  method: 'DELETE',
  path: '/console/operators/:id',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'owner',
  summary: 'Removes an operator and ends their sessions',
  tags: CONSOLE,
  params: operatorParams,
  result: z.null(),
  errorStatuses: [404, 409],
});

/** `DELETE /console/operators/:id/sessions`: signs an operator out everywhere. */
export const revokeOperatorSessionsRoute = defineRoute({
  method: 'DELETE',
  path: '/console/operators/:id/sessions',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'owner',
  summary: 'Ends every open session of an operator',
  tags: CONSOLE,
  params: operatorParams,
  result: z.object({ revoked: z.number().int().min(0).max(MAX.list) }).meta({ id: 'RevokedSessions' }),
  errorStatuses: [404],
});

export const OPERATOR_ROUTES = [
  consoleNonceRoute,
  consoleSignInRoute,
  consoleSessionRoute,
  consoleSignOutRoute,
  listOperatorsRoute,
  addOperatorRoute,
  changeOperatorRoleRoute,
  removeOperatorRoute,
  revokeOperatorSessionsRoute,
] as const;
