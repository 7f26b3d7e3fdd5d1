import type { ServerMessage } from '@ojo/api-contract/game/socket';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { connectGameSocket, type SocketStatus } from '../../../lib/socket-client';
import { applyBet, type DashState, dashReducer, INITIAL_DASH_STATE, type MyBet } from '../state';

type Action =
  | { kind: 'message'; message: ServerMessage; nowMs: number }
  | { kind: 'bet'; bet: MyBet }
  | { kind: 'reset' };

function reduce(state: DashState, action: Action): DashState {
  if (action.kind === 'reset') return INITIAL_DASH_STATE;
  if (action.kind === 'bet') return applyBet(state, action.bet);
  return dashReducer(state, action.message, action.nowMs);
}

/** The live race of the session token: the socket's state, its status, and a way to record a bet answer at once. */
export function useDashSocket(
  apiUrl: string,
  token: string | null,
  onMessage?: (message: ServerMessage) => void,
) {
  const [state, dispatch] = useReducer(reduce, INITIAL_DASH_STATE);
  const [status, setStatus] = useState<SocketStatus>('closed');
  const roundId = useRef<string | null>(null);
  roundId.current = state.round?.terms.roundId ?? null;
  const listener = useRef(onMessage);
  listener.current = onMessage;

  useEffect(() => {
    dispatch({ kind: 'reset' });
    const client = connectGameSocket({
      apiUrl,
      game: 'dash',
      token,
      lastRoundId: () => roundId.current,
      onStatus: setStatus,
      onMessage: (message) => {
        dispatch({ kind: 'message', message, nowMs: Date.now() });
        listener.current?.(message);
      },
    });
    return () => client.close();
  }, [apiUrl, token]);

  const recordBet = useCallback((bet: MyBet) => dispatch({ kind: 'bet', bet }), []);
  return { state, status, recordBet };
}

/** The server's clock, read at each render; a timer re-renders every `everyMs` (the countdown and the coins follow it). */
export function useServerNow(clockOffsetMs: number, everyMs = 100): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return Date.now() + clockOffsetMs;
}
