/** Thrown when a JSON-RPC endpoint is unreachable, slow, or answers with an error. */
export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError';
}

/** One JSON-RPC 2.0 call over HTTP with a hard timeout. */
export async function callJsonRpc<Result>(
  url: string,
  method: string,
  params: unknown[],
  timeoutMs: number,
): Promise<Result> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new JsonRpcError(`${method} on ${url} failed: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) throw new JsonRpcError(`${method} on ${url} answered HTTP ${response.status}`);
  const body = (await response.json().catch(() => null)) as {
    result?: Result;
    error?: { message?: string };
  } | null;
  if (!body || body.error || !('result' in body)) {
    throw new JsonRpcError(`${method} on ${url} answered an error: ${body?.error?.message ?? 'no result'}`);
  }
  return body.result as Result;
}
