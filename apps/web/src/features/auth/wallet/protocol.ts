/**
 * The popup protocol with the account provider (issue 4 plan, "Wallet popup protocol"); mirrored on the wallet side
 * in apps/wallet/src/protocol/messages.ts.
 */
export const WALLET_CHANNEL = 'ojo-wallet';

export interface WalletRequestMessage {
  channel: typeof WALLET_CHANNEL;
  type: 'request';
  id: string;
  method: string;
  params: unknown[];
}

export type WalletInboundMessage =
  | { channel: typeof WALLET_CHANNEL; type: 'ready' }
  | {
      channel: typeof WALLET_CHANNEL;
      type: 'response';
      id: string;
      result?: unknown;
      error?: { code: number; message: string };
    }
  | {
      channel: typeof WALLET_CHANNEL;
      type: 'event';
      event: 'accountsChanged' | 'chainChanged' | 'disconnect';
      data: unknown;
    };

/** Narrows untrusted message data to a wallet message (after the origin and source checks). */
export function asWalletMessage(data: unknown): WalletInboundMessage | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const message = data as Record<string, unknown>;
  if (message.channel !== WALLET_CHANNEL) return undefined;
  if (message.type === 'ready') return message as WalletInboundMessage;
  if (message.type === 'response' && typeof message.id === 'string') {
    const error = message.error as Record<string, unknown> | undefined;
    if (error !== undefined && (typeof error?.code !== 'number' || typeof error.message !== 'string'))
      return undefined;
    return message as WalletInboundMessage;
  }
  if (
    message.type === 'event' &&
    (message.event === 'accountsChanged' ||
      message.event === 'chainChanged' ||
      message.event === 'disconnect')
  ) {
    return message as WalletInboundMessage;
  }
  return undefined;
}

export const POPUP_WINDOW_NAME = 'ojo-arena-wallet';
export const POPUP_FEATURES = 'popup,width=420,height=640';
