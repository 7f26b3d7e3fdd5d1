import {
  type ClientMessage,
  GAME_SOCKET_CLOSE,
  GAME_SOCKET_PATH,
  type GameId,
  parseServerMessage,
  type ServerMessage,
} from '@ojo/api-contract/game/socket';

/**
 * The live game's WebSocket (api-contract game/socket.ts): opens, sends `auth` with the session token (a browser
 * cannot set headers on a WebSocket), subscribes to one game's room, and hands every message that parses to the listener. When the
 * connection drops it reconnects with a growing delay and subscribes again; the server answers with a fresh
 * snapshot, so nothing needs replaying. An `unauthorized` close stops it: a new token is needed.
 */

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'unauthorized' | 'closed';

export interface SocketClientOptions {
  /** The game host's base URL (http or https); the socket uses ws or wss on the same host. */
  apiUrl: string;
  /** The game whose room the client joins: it hears that game's snapshot and events only. */
  game: GameId;
  /** The session token; null watches the race without a player (no bets of one's own). */
  token: string | null;
  onMessage(message: ServerMessage): void;
  onStatus(status: SocketStatus): void;
  /** The WebSocket constructor (tests pass a fake). */
  WebSocketImpl?: typeof WebSocket;
  /** The round the client last showed, sent on each subscribe. */
  lastRoundId?: () => string | null;
}

export interface SocketClient {
  close(): void;
}

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export function socketUrl(apiUrl: string): string {
  const url = new URL(GAME_SOCKET_PATH, `${apiUrl.replace(/\/+$/, '')}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function connectGameSocket(options: SocketClientOptions): SocketClient {
  const Impl = options.WebSocketImpl ?? WebSocket;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: ClientMessage) => {
    if (socket?.readyState === Impl.OPEN) socket.send(JSON.stringify(message));
  };

  const open = () => {
    options.onStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const current = new Impl(socketUrl(options.apiUrl));
    socket = current;
    current.onopen = () => {
      if (options.token) send({ type: 'auth', token: options.token });
      send({ type: 'subscribe', game: options.game, lastRoundId: options.lastRoundId?.() ?? null });
    };
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const message = parseServerMessage(event.data);
      if (!message) return;
      if (message.type === 'snapshot') {
        attempt = 0;
        options.onStatus('open');
      }
      options.onMessage(message);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current || stopped) return;
      socket = null;
      if (event.code === GAME_SOCKET_CLOSE.unauthorized) {
        stopped = true;
        options.onStatus('unauthorized');
        return;
      }
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 8000;
      attempt += 1;
      options.onStatus('reconnecting');
      retryTimer = setTimeout(open, delay);
    };
  };
  open();

  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      socket?.close(1000);
      socket = null;
      options.onStatus('closed');
    },
  };
}
