import {
  GAME_SOCKET_CLOSE,
  GAME_SOCKET_PATH,
  type GameId,
  parseClientMessage,
  type ServerMessage,
} from '@ojo/api-contract/game/socket';
import type { Database } from '@ojo/db/client';
import { sessions } from '@ojo/db/schema/sessions';
import { and, gt, isNull, sql } from '@ojo/db/sql';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveBus, LiveEvent } from './live-bus';

/**
 * The live game socket (GAME_SOCKET_PATH, packages/api-contract game/socket.ts). A client sends `auth` with its
 * session token (optional: without it the client watches, with no bets of its own), then `subscribe` with the game
 * it watches (its room); the node answers that game's `snapshot`, read from the database, and from then on relays
 * the game's live events of the bus: to every client in its room, or to the sockets of the player it names. Each frame is serialised once per
 * node, whatever the number of clients; a client too slow to drain its buffer misses ticks instead of growing it.
 *
 * Sessions are capped and revocable on the socket too: every `sessionCheckMs` the node reads, in one query, which
 * sessions of its authenticated sockets are still open (the database, so a logout or a session cap on another node
 * counts), and each authenticated socket also closes when its token expires. A socket whose session ended is closed
 * with `unauthorized` (4401), as a bad `auth` is: the frame's client stops reconnecting and asks for a login.
 */
const MAX_BUFFERED_BYTES = 1 << 20;
const MAX_MESSAGES_PER_SECOND = 20;
/** A buffer sent as a text frame (the protocol is JSON text). */
const TEXT_FRAME = { binary: false } as const;
/** setTimeout's largest delay; a later expiry is left to the periodic check. */
const MAX_TIMER_MS = 2_147_483_647;
const SESSION_ENDED = 'the session has ended';

/** Which of the given sessions are still open at `now` (not revoked, not past their end): one statement. */
function selectOpenSessions(db: Database, query: { ids: string[]; now: Date }) {
  return db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        // One array parameter, however many sockets a node holds (a list would pass PostgreSQL's parameter limit).
        sql`${sessions.id} = any(${sql.param(query.ids)})`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, query.now),
      ),
    );
}

interface Client {
  socket: WebSocket;
  userId: string | null;
  /** The authenticated session: its id and when its token stops being usable (ms since the epoch). */
  session: { id: string; usableUntilMs: number; timer: ReturnType<typeof setTimeout> } | null;
  /** The game whose room the client joined (null until it subscribes). */
  game: GameId | null;
  windowStartMs: number;
  messagesInWindow: number;
  /** Messages are handled in order: `auth` finishes before the `subscribe` sent right after it. */
  queue: Promise<void>;
}

export interface GameHub {
  /** Clients connected to this node. */
  size(): number;
  /** The latest prices and pools seen on the bus (for snapshots). */
  latestPrices(): Extract<ServerMessage, { type: 'prices' }>['tick'] | null;
  close(): void;
}

type PriceTick = Extract<ServerMessage, { type: 'prices' }>['tick'];

/**
 * What a game's snapshot is given: the player (null: a watcher), and the latest prices and the clock, read once its
 * rounds are (a snapshot is as fresh as it can be).
 */
export interface SnapshotContext {
  userId: string | null;
  prices: () => PriceTick | null;
  now: () => number;
}

/** How each game answers a client joining its room: its `snapshot` for that player (or a watcher). */
export type GameSnapshots = Record<GameId, (context: SnapshotContext) => Promise<ServerMessage>>;

export function registerGameSocket(
  app: FastifyInstance,
  bus: LiveBus,
  options: { maxClients: number; sessionCheckMs: number; snapshots: GameSnapshots },
): GameHub {
  const clients = new Set<Client>();
  const byUser = new Map<string, Set<Client>>();
  let prices: PriceTick | null = null;

  const send = (client: Client, text: string | Buffer) => {
    if (client.socket.readyState !== 1 || client.socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    client.socket.send(text, TEXT_FRAME);
  };

  bus.subscribe((event: LiveEvent) => {
    if (event.message.type === 'prices') prices = event.message.tick;
    // Serialised and encoded to UTF-8 once: every client's frame carries the same buffer (a string would be
    // encoded again for each of them).
    const frame = Buffer.from(JSON.stringify(event.message));
    if (event.to === null) {
      for (const client of clients) if (client.game === event.game) send(client, frame);
    } else {
      // A player's own events reach their sockets in that game's room, and those not in any room yet.
      const sockets = byUser.get(event.to);
      if (sockets)
        for (const client of sockets)
          if (client.game === null || client.game === event.game) send(client, frame);
    }
  });

  /** Drops a client from its player's sockets (closed, or authenticated as another player). */
  const forget = (client: Client) => {
    if (!client.userId) return;
    const set = byUser.get(client.userId);
    set?.delete(client);
    if (set && set.size === 0) byUser.delete(client.userId);
  };

  /** Stops relaying a client's private events and closes it as unauthorized (its session ended). */
  const endSession = (client: Client) => {
    forget(client);
    client.userId = null;
    if (client.session) clearTimeout(client.session.timer);
    client.session = null;
    client.socket.close(GAME_SOCKET_CLOSE.unauthorized, SESSION_ENDED);
  };

  /** Closes every authenticated socket of this node whose session is no longer open, in one query. */
  const checkSessions = async () => {
    const authed = [...clients].filter((client) => client.session !== null);
    if (authed.length === 0) return;
    const nowMs = app.now();
    const ids = [...new Set(authed.map((client) => client.session!.id))];
    const open = await selectOpenSessions(app.db, { ids, now: new Date(nowMs) });
    const openUserOf = new Map(open.map((row) => [row.id, row.userId]));
    for (const client of authed) {
      const session = client.session;
      // The socket may have re-authenticated or closed while the query ran: judge only the session it asked about.
      if (!session || !clients.has(client)) continue;
      if (openUserOf.get(session.id) !== client.userId || session.usableUntilMs <= nowMs) endSession(client);
    }
  };
  let checking = false;
  const checkTimer = setInterval(() => {
    if (checking) return;
    checking = true;
    checkSessions()
      .catch((error: unknown) => app.log.error({ err: error }, 'game socket session check failed'))
      .finally(() => {
        checking = false;
      });
  }, options.sessionCheckMs);
  checkTimer.unref();

  const errorMessage = (code: string, message: string) => JSON.stringify({ type: 'error', code, message });

  app.get(GAME_SOCKET_PATH, { websocket: true }, (socket, request) => {
    if (clients.size >= options.maxClients) {
      socket.close(GAME_SOCKET_CLOSE.serverShutdown, 'too many clients on this node');
      return;
    }
    const client: Client = {
      socket,
      userId: null,
      session: null,
      game: null,
      windowStartMs: Date.now(),
      messagesInWindow: 0,
      queue: Promise.resolve(),
    };
    clients.add(client);
    socket.on('close', () => {
      clients.delete(client);
      forget(client);
      if (client.session) clearTimeout(client.session.timer);
    });
    socket.on('error', () => undefined);
    socket.on('message', (data, isBinary) => {
      const now = Date.now();
      if (now - client.windowStartMs >= 1000) {
        client.windowStartMs = now;
        client.messagesInWindow = 0;
      }
      client.messagesInWindow += 1;
      if (client.messagesInWindow > MAX_MESSAGES_PER_SECOND) {
        socket.close(GAME_SOCKET_CLOSE.tooManyMessages, 'too many messages');
        return;
      }
      const message = isBinary ? null : parseClientMessage(data.toString());
      if (!message) {
        socket.close(GAME_SOCKET_CLOSE.badMessage, 'not a game message');
        return;
      }
      client.queue = client.queue
        .then(async () => {
          if (message.type === 'ping') {
            send(client, JSON.stringify({ type: 'pong', t: message.t }));
          } else if (message.type === 'auth') {
            const found = await app.sessionOfToken(message.token).catch(() => null);
            if (!found) {
              socket.close(GAME_SOCKET_CLOSE.unauthorized, 'the session token is invalid or expired');
              return;
            }
            const { user } = found;
            // A second auth replaces the first player: their private events stop reaching this socket.
            if (client.userId && client.userId !== user.id) forget(client);
            client.userId = user.id;
            if (client.session) clearTimeout(client.session.timer);
            const timer = setTimeout(
              () => {
                if (client.session?.timer === timer) endSession(client);
              },
              Math.min(Math.max(found.usableUntilMs - app.now(), 0), MAX_TIMER_MS),
            );
            timer.unref();
            client.session = { id: found.session.id, usableUntilMs: found.usableUntilMs, timer };
            const set = byUser.get(user.id) ?? new Set<Client>();
            byUser.set(user.id, set);
            set.add(client);
          } else {
            client.game = message.game;
            const snapshot = await options.snapshots[message.game]({
              userId: client.userId,
              prices: () => prices,
              now: () => app.now(),
            });
            send(client, JSON.stringify(snapshot));
          }
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'game socket message failed');
          send(client, errorMessage('INTERNAL', 'The game server could not answer; try again.'));
        });
    });
  });

  return {
    size: () => clients.size,
    latestPrices: () => prices,
    close() {
      clearInterval(checkTimer);
      for (const client of clients) {
        if (client.session) clearTimeout(client.session.timer);
        client.socket.close(GAME_SOCKET_CLOSE.serverShutdown, 'server shutdown');
      }
      clients.clear();
      byUser.clear();
    },
  };
}
