import type { z } from 'zod';

/** The platform did not answer, answered 5xx or 429, or answered something we cannot read: product.md 8 100028. */
export class PlatformUnavailableError extends Error {
  override readonly name = 'PlatformUnavailableError';
}

/** The platform refused the player's token (expired or revoked): the player connects again (100020). */
export class PlatformUnauthorizedError extends Error {
  override readonly name = 'PlatformUnauthorizedError';
}

/** A client error the platform answered (4xx other than 401/429), with its body for the caller to read. */
export class PlatformRefusedError extends Error {
  override readonly name = 'PlatformRefusedError';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`the platform answered ${status}`);
  }
}

/**
 * Calls a platform's HTTP API with a timeout and reads the answer through `schema`. Network failures, timeouts,
 * 429 and 5xx become PlatformUnavailableError; 401 PlatformUnauthorizedError; other 4xx PlatformRefusedError.
 */
export async function callPlatform<S extends z.ZodType>(
  url: string,
  init: RequestInit,
  schema: S,
  timeoutMs: number,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    throw new PlatformUnavailableError(`${new URL(url).host} did not answer`, { cause: error });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) throw new PlatformUnauthorizedError(`${new URL(url).host} refused the token`);
  if (response.status === 429 || response.status >= 500) {
    throw new PlatformUnavailableError(`${new URL(url).host} answered ${response.status}`);
  }
  if (!response.ok) throw new PlatformRefusedError(response.status, body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PlatformUnavailableError(`${new URL(url).host} answered an unexpected body`);
  return parsed.data;
}

export function formBody(values: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(values).toString(),
  };
}

export function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
}
