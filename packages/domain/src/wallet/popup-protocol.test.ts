import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asWalletInboundMessage, WALLET_CHANNEL } from './popup-protocol';

// ARCHITECTURE.md (Accounts and sign-in): the provider answers EIP-1193 requests over postMessage; the opener reads only its own channel.
describe('asWalletInboundMessage', () => {
  it('reads ready, responses with a result or an error, and the three events', () => {
    expect(asWalletInboundMessage({ channel: WALLET_CHANNEL, type: 'ready', extra: 1 })).toEqual({
      channel: WALLET_CHANNEL,
      type: 'ready',
    });
    expect(
      asWalletInboundMessage({ channel: WALLET_CHANNEL, type: 'response', id: '1', result: ['0xab'] }),
    ).toEqual({
      channel: WALLET_CHANNEL,
      type: 'response',
      id: '1',
      result: ['0xab'],
    });
    expect(
      asWalletInboundMessage({
        channel: WALLET_CHANNEL,
        type: 'response',
        id: '2',
        error: { code: 4001, message: 'User rejected the request.' },
      }),
    ).toEqual({
      channel: WALLET_CHANNEL,
      type: 'response',
      id: '2',
      error: { code: 4001, message: 'User rejected the request.' },
    });
    for (const event of ['accountsChanged', 'chainChanged', 'disconnect']) {
      expect(
        asWalletInboundMessage({ channel: WALLET_CHANNEL, type: 'event', event, data: [] }),
      ).toMatchObject({ event });
    }
  });

  it('ignores other channels, unknown types, responses without an id, malformed errors and unknown events', () => {
    for (const data of [
      null,
      'ready',
      { type: 'ready' },
      { channel: 'other', type: 'ready' },
      { channel: WALLET_CHANNEL, type: 'request', id: '1', method: 'eth_accounts', params: [] },
      { channel: WALLET_CHANNEL, type: 'response', result: 1 },
      { channel: WALLET_CHANNEL, type: 'response', id: '1', error: 'boom' },
      { channel: WALLET_CHANNEL, type: 'response', id: '1', error: { code: '4001', message: 'x' } },
      { channel: WALLET_CHANNEL, type: 'response', id: '1', error: { code: 4001 } },
      { channel: WALLET_CHANNEL, type: 'event', event: 'message', data: 1 },
    ]) {
      expect(asWalletInboundMessage(data)).toBeUndefined();
    }
  });

  it('never throws on any value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        asWalletInboundMessage(value);
      }),
    );
  });
});
