/**
 * bench:game's WebSocket load generator in a worker thread (its own event loop on the same machine): opens
 * `clients` sockets to the node under test, subscribes each, then records for every `prices` frame the delay from
 * the tick's publish time to its arrival here. Same clock (one process), so the lag is exact.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseServerMessage } from '@ojo/api-contract/game/socket';
import { WebSocket } from 'ws';

interface Input {
  url: string;
  clients: number;
}

const { url, clients } = workerData as Input;
const lags: number[] = [];
const received = new Array<number>(clients).fill(0);
const sockets: WebSocket[] = [];
let subscribed = 0;

async function open(): Promise<void> {
  for (let start = 0; start < clients; start += 250) {
    const batch = Array.from({ length: Math.min(250, clients - start) }, (_, j) => {
      const index = start + j;
      return new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(url, { perMessageDeflate: false });
        sockets.push(socket);
        socket.on('error', reject);
        socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', game: 'dash' })));
        socket.on('message', (data) => {
          const message = parseServerMessage(String(data));
          if (message?.type === 'snapshot') {
            subscribed += 1;
            resolve();
          } else if (message?.type === 'prices') {
            lags.push(Date.now() - message.tick.atMs);
            received[index]! += 1;
          }
        });
      });
    });
    await Promise.all(batch);
  }
}

parentPort!.on('message', (command: 'report') => {
  if (command !== 'report') return;
  parentPort!.postMessage({ type: 'report', lags, received });
  for (const socket of sockets) socket.terminate();
});

open().then(
  () => parentPort!.postMessage({ type: 'ready', subscribed }),
  (error: unknown) => parentPort!.postMessage({ type: 'failed', message: String(error) }),
);
