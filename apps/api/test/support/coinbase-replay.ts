import { readFileSync } from 'node:fs';
import { WebSocketServer } from 'ws';

/**
 * A local server speaking Coinbase Exchange's WebSocket feed protocol: it waits for a `subscribe` message naming
 * the `ticker` channel, then replays recorded feed messages (test/fixtures/coinbase-exchange-ticker.jsonl) for the
 * subscribed products, with their market times moved to now (the recording's spacing kept) unless asked not to.
 */
export interface CoinbaseReplay {
  url: string;
  /** Subscribe messages received, as parsed JSON. */
  subscriptions: unknown[];
  /** Connections open now. */
  readonly connections: number;
  /** Drops every connection (a network cut); the client is expected to reconnect and subscribe again. */
  dropConnections(): void;
  /** Sends one more ticker message to every connection. */
  sendTicker(productId: string, price: string, time: Date): void;
  close(): Promise<void>;
}

const RECORDING = readFileSync(new URL('../fixtures/coinbase-exchange-ticker.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);

export async function startCoinbaseReplay(options: { shiftToNow?: boolean } = {}): Promise<CoinbaseReplay> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const subscriptions: unknown[] = [];
  const lastRecorded = Date.parse(String(RECORDING.at(-1)?.time));

  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as {
        type?: string;
        product_ids?: string[];
        channels?: string[];
      };
      subscriptions.push(message);
      if (message.type !== 'subscribe' || !message.channels?.includes('ticker')) {
        socket.send(
          JSON.stringify({
            type: 'error',
            message: 'Failed to subscribe',
            reason: 'ticker channel required',
          }),
        );
        return;
      }
      const shift = options.shiftToNow === false ? 0 : Date.now() - lastRecorded;
      for (const recorded of RECORDING) {
        const productId = recorded.product_id;
        if (productId !== undefined && !message.product_ids?.includes(String(productId))) continue;
        const time = recorded.time
          ? new Date(Date.parse(String(recorded.time)) + shift).toISOString()
          : undefined;
        socket.send(JSON.stringify(time ? { ...recorded, time } : recorded));
      }
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('unexpected address');
  return {
    url: `ws://127.0.0.1:${address.port}`,
    subscriptions,
    get connections() {
      return server.clients.size;
    },
    dropConnections() {
      for (const client of server.clients) client.terminate();
    },
    sendTicker(productId, price, time) {
      const message = { ...RECORDING[1], product_id: productId, price, time: time.toISOString() };
      for (const client of server.clients) client.send(JSON.stringify(message));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
