import { WALLET_CHANNEL as CHANNEL } from '@ojo/domain/wallet/popup-protocol';
import { describe, expect, it } from 'vitest';
import { announceReady, createMessageHandler, type MessageTarget } from './message-handler';
import { WalletRpcError } from './messages';

const APP = 'http://localhost:3000';

/** A window as the handler sees it: it records what is posted to it and to which target origin. */
function windowRecorder() {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const target: MessageTarget = {
    postMessage: (message, targetOrigin) => posted.push({ message, targetOrigin }),
  };
  return { target, posted };
}

const request = (overrides: Record<string, unknown> = {}) => ({
  channel: CHANNEL,
  type: 'request',
  id: 'r1',
  method: 'eth_chainId',
  params: [],
  ...overrides,
});

function setup() {
  const opener = windowRecorder();
  const seen: { origin: string; method: string; params: unknown[] }[] = [];
  const handle = createMessageHandler({
    trustedOrigins: [APP],
    getOpener: () => opener.target,
    handleRequest: async (incoming) => {
      seen.push(incoming);
      if (incoming.method === 'fails') throw new WalletRpcError(4001, 'User rejected the request.');
      if (incoming.method === 'crashes') throw new Error('boom');
      return '0x2b74';
    },
  });
  return { opener, seen, handle };
}

describe('popup message handler', () => {
  it('answers a request of the opener on a trusted origin, to that exact origin', async () => {
    const { opener, seen, handle } = setup();
    await handle({ origin: APP, source: opener.target as never, data: request({ params: [1] }) });
    expect(seen).toEqual([{ origin: APP, method: 'eth_chainId', params: [1] }]);
    expect(opener.posted).toEqual([
      { message: { channel: CHANNEL, type: 'response', id: 'r1', result: '0x2b74' }, targetOrigin: APP },
    ]);
  });

  it('ignores a message from an untrusted origin, even from the opener window', async () => {
    const { opener, seen, handle } = setup();
    await handle({ origin: 'http://evil.localhost:3000', source: opener.target as never, data: request() });
    await handle({ origin: 'http://localhost:3001', source: opener.target as never, data: request() });
    expect(seen).toEqual([]);
    expect(opener.posted).toEqual([]);
  });

  it('ignores a trusted-origin message from a window other than the opener', async () => {
    const { opener, seen, handle } = setup();
    const other = windowRecorder();
    await handle({ origin: APP, source: other.target as never, data: request() });
    await handle({ origin: APP, source: null, data: request() });
    expect(seen).toEqual([]);
    expect(other.posted).toEqual([]);
    expect(opener.posted).toEqual([]);
  });

  it('ignores messages of other channels or shapes', async () => {
    const { opener, seen, handle } = setup();
    for (const data of [
      request({ channel: 'other' }),
      request({ type: 'response' }),
      request({ id: '' }),
      'x',
      null,
    ]) {
      await handle({ origin: APP, source: opener.target as never, data });
    }
    expect(seen).toEqual([]);
  });

  it('answers errors with their EIP-1193 code, and unknown failures as -32603', async () => {
    const { opener, handle } = setup();
    await handle({
      origin: APP,
      source: opener.target as never,
      data: request({ id: 'a', method: 'fails' }),
    });
    await handle({
      origin: APP,
      source: opener.target as never,
      data: request({ id: 'b', method: 'crashes' }),
    });
    expect(opener.posted.map((entry) => entry.message)).toEqual([
      {
        channel: CHANNEL,
        type: 'response',
        id: 'a',
        error: { code: 4001, message: 'User rejected the request.' },
      },
      { channel: CHANNEL, type: 'response', id: 'b', error: { code: -32603, message: 'boom' } },
    ]);
  });

  it('announces readiness only to the trusted origins', () => {
    const opener = windowRecorder();
    announceReady(opener.target, [APP, 'https://play.example.org']);
    expect(opener.posted).toEqual([
      { message: { channel: CHANNEL, type: 'ready' }, targetOrigin: APP },
      { message: { channel: CHANNEL, type: 'ready' }, targetOrigin: 'https://play.example.org' },
    ]);
  });
});
