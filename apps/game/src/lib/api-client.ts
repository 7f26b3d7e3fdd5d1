import type { RouteDeclaration } from '@ojo/api-contract/route';
import { routePath } from '@ojo/api-contract/route-path';
import type { z } from 'zod';

/**
 * The game's HTTP client: calls a route by its declaration (api-contract), so no path is written here. Game calls
 * answer `{success, code, message, data}`, the quest calls the frame makes (the player's balances) answer
 * `{success, code, msgKey, obj}` (ARCHITECTURE.md (API conventions)): the declaration's envelope says which. A failure becomes a
 * GameApiError with the server's code and message, which the bet panel shows as it is.
 */

export class GameApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GameApiError';
  }
}

export interface GameApiOptions {
  apiUrl: string;
  saasId: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
}

export interface CallInput {
  params?: Readonly<Record<string, string | number>>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export type GameApi = ReturnType<typeof createGameApi>;

export function createGameApi(options: GameApiOptions) {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  /** The absolute URL of a call: the API's origin, the route's path with its params, then the query. */
  function routeUrl(route: RouteDeclaration, input: CallInput = {}): string {
    const url = new URL(options.apiUrl + routePath(route, input.params));
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async function callRoute<R extends RouteDeclaration>(
    route: R,
    input: CallInput = {},
  ): Promise<z.output<R['result']>> {
    const headers: Record<string, string> = { accept: 'application/json', saas_id: options.saasId };
    const token = options.getToken();
    // A public route that reads an optional session (a round's progress with my bets) gets the token too.
    if ((route.secure || route.optionalSession) && token) headers.jwt_token = token;
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(routeUrl(route, input), {
        method: route.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
      });
    } catch {
      throw new GameApiError(0, 'NETWORK_ERROR', 'The game server could not be reached. Try again.');
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (!response.ok || envelope.success !== true) {
      const code = envelope.code === undefined ? `HTTP_${response.status}` : String(envelope.code);
      const message =
        typeof envelope.message === 'string' && envelope.message ? envelope.message : 'Request failed.';
      throw new GameApiError(response.status, code, message);
    }
    const parsed = route.result.safeParse(route.envelope === 'obj' ? envelope.obj : envelope.data);
    if (!parsed.success)
      throw new GameApiError(response.status, 'INVALID_RESPONSE', 'Unexpected answer from the game server.');
    return parsed.data as z.output<R['result']>;
  }

  return { callRoute };
}
