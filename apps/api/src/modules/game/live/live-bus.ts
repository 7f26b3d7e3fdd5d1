import { EventEmitter } from 'node:events';
import type { GameId, ServerMessage } from '@ojo/api-contract/game/socket';
import { openNotifyChannel } from '@ojo/db/notify';
import { Redis } from 'ioredis';

/**
 * Live game events, published once and fanned out to every API node's socket clients (ARCHITECTURE.md (Production and scale)):
 * Redis pub/sub when REDIS_URL is set, PostgreSQL notifications on PostgreSQL without Redis, in process on PGlite
 * (one node). An event belongs to one game: it goes to every client in that game's room (`to: null`) or to one
 * player's sockets.
 */
export interface LiveEvent {
  /** A player id, or null for every client subscribed to `game`. */
  to: string | null;
  /** The game the event is about. */
  game: GameId;
  message: ServerMessage;
}

export interface LiveBus {
  readonly kind: 'redis' | 'postgres' | 'memory';
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): void;
  close(): Promise<void>;
}

/** One process: a publish reaches this node's listeners and no other. */
export function createMemoryBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** An event from another node; one without a game, from a node older than the rooms, is Dash's (the only one then). */
function parse(text: string): LiveEvent | null {
  try {
    const value = JSON.parse(text) as Omit<LiveEvent, 'game'> & { game?: GameId };
    return value && typeof value === 'object' && 'message' in value
      ? { ...value, game: value.game ?? 'dash' }
      : null;
  } catch {
    return null;
  }
}

export function createRedisBus(url: string, channel: string, onError: (error: unknown) => void): LiveBus {
  const publisher = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { connectTimeout: 2000 });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const listeners: ((event: LiveEvent) => void)[] = [];
  void subscriber.subscribe(channel).catch(onError);
  subscriber.on('message', (_channel: string, text: string) => {
    const event = parse(text);
    if (event) for (const listener of listeners) listener(event);
  });
  return {
    kind: 'redis',
    async publish(event) {
      await publisher.publish(channel, JSON.stringify(event));
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** NOTIFY payloads stop at 8000 bytes; larger events are not sent this way (the clients' next snapshot has them). */
const MAX_NOTIFY_BYTES = 7900;

export function createPostgresBus(
  databaseUrl: string,
  name: string,
  onError: (error: unknown) => void,
): LiveBus {
  const listeners: ((event: LiveEvent) => void)[] = [];
  const channel = openNotifyChannel(
    databaseUrl,
    name,
    (payload) => {
      const event = parse(payload);
      if (event) for (const handler of listeners) handler(event);
    },
    onError,
  );
  return {
    kind: 'postgres',
    async publish(event) {
      const text = JSON.stringify(event);
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) return;
      await channel.notify(text);
    },
    subscribe(handler) {
      listeners.push(handler);
    },
    close: () => channel.close(),
  };
}
