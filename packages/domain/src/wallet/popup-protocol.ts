/**
 * The popup protocol between the web app (opener) and the account provider (ARCHITECTURE.md (Accounts and sign-in); product.md 4,
 * "connect the wallet"). Both sides import these shapes from here so they cannot drift apart. Every message carries
 * `channel: 'ojo-wallet'`; origins and windows are checked by each side before a message is read.
 */
export const WALLET_CHANNEL = 'ojo-wallet';

/** EIP-1193 / EIP-1474 error codes the provider answers with. */
export const WALLET_RPC_ERROR = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  invalidParams: -32602,
  internal: -32603,
} as const;

export const USER_REJECTED_MESSAGE = 'User rejected the request.';

export type WalletEvent = 'accountsChanged' | 'chainChanged' | 'disconnect';
export const WALLET_EVENTS: readonly WalletEvent[] = ['accountsChanged', 'chainChanged', 'disconnect'];

export interface WalletRpcErrorData {
  code: number;
  message: string;
}

/** opener -> popup */
export interface WalletRequestMessage {
  channel: typeof WALLET_CHANNEL;
  type: 'request';
  id: string;
  method: string;
  params: unknown[];
}

/** popup -> opener, once loaded */
export interface WalletReadyMessage {
  channel: typeof WALLET_CHANNEL;
  type: 'ready';
}

/** popup -> opener, one per request */
export type WalletResponseMessage =
  | { channel: typeof WALLET_CHANNEL; type: 'response'; id: string; result: unknown }
  | { channel: typeof WALLET_CHANNEL; type: 'response'; id: string; error: WalletRpcErrorData };

/** popup -> opener, unprompted */
export interface WalletEventMessage {
  channel: typeof WALLET_CHANNEL;
  type: 'event';
  event: WalletEvent;
  data: unknown;
}

export type WalletInboundMessage = WalletReadyMessage | WalletResponseMessage | WalletEventMessage;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Narrows untrusted data from the popup to a message the opener understands, or undefined. */
export function asWalletInboundMessage(data: unknown): WalletInboundMessage | undefined {
  if (!isRecord(data) || data.channel !== WALLET_CHANNEL) return undefined;
  if (data.type === 'ready') return { channel: WALLET_CHANNEL, type: 'ready' };
  if (data.type === 'response' && typeof data.id === 'string') {
    if (data.error === undefined)
      return { channel: WALLET_CHANNEL, type: 'response', id: data.id, result: data.result };
    const { error } = data;
    if (!isRecord(error) || typeof error.code !== 'number' || typeof error.message !== 'string')
      return undefined;
    return {
      channel: WALLET_CHANNEL,
      type: 'response',
      id: data.id,
      error: { code: error.code, message: error.message },
    };
  }
  if (data.type === 'event' && WALLET_EVENTS.includes(data.event as WalletEvent)) {
    return { channel: WALLET_CHANNEL, type: 'event', event: data.event as WalletEvent, data: data.data };
  }
  return undefined;
}
