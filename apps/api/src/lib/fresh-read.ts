/**
 * `read` shared by concurrent callers without ever answering a caller with a value read before it asked: at most
 * one read is in flight; the callers who arrive while it is in flight share the one read that starts when it ends.
 * So a caller's value is always from a read sent after its call (a balance asked right after a transfer was mined
 * sees that block), and under load the source is asked about once per round trip rather than once per caller.
 * A failed read rejects only the callers who shared it.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = () => {
    const current = read().finally(() => {
      if (inFlight === current) inFlight = undefined;
    });
    inFlight = current;
    return current;
  };
  return () => {
    if (!inFlight) return start();
    next ??= inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
