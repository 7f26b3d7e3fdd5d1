import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameApi } from '../../../lib/api-client';
import { type Balances, fetchBalances } from '../balances';

/**
 * The session player's balances (null until read, and for a spectator), and `refresh` to read them again (after a
 * bet, a result, a payout). Reads never overlap: a refresh asked for during a read runs once when it ends, so a
 * burst of payouts costs at most two reads, and the last answer shown is always the newest. A failed read keeps
 * what was shown.
 */
export function useBalances(
  api: GameApi,
  token: string | null,
): { balances: Balances | null; refresh(): void } {
  const [state, setState] = useState<{ token: string; balances: Balances } | null>(null);
  const reading = useRef<{ token: string; again: boolean } | null>(null);
  const current = useRef(token);
  current.current = token;
  // The latest client, read when a read starts: `refresh` stays the same function for the screen's lifetime.
  const apiRef = useRef(api);
  apiRef.current = api;

  const refresh = useCallback(() => {
    const forToken = current.current;
    if (forToken === null) return;
    if (reading.current?.token === forToken) {
      reading.current.again = true;
      return;
    }
    const read = { token: forToken, again: false };
    reading.current = read;
    void (async () => {
      do {
        read.again = false;
        try {
          const balances = await fetchBalances(apiRef.current);
          if (current.current === forToken) setState({ token: forToken, balances });
        } catch {
          // Unknown stays unknown, known stays as shown: the next bet or result reads again.
        }
      } while (read.again && current.current === forToken);
      if (reading.current === read) reading.current = null;
    })();
  }, []);

  useEffect(() => {
    if (token !== null) refresh();
  }, [token, refresh]);

  return { balances: state !== null && state.token === token ? state.balances : null, refresh };
}
