import {
  WALLET_CHANNEL as CHANNEL,
  type WalletEventMessage as EventMessage,
  type WalletRpcErrorData as ProviderErrorData,
  type WalletReadyMessage as ReadyMessage,
  type WalletResponseMessage as ResponseMessage,
  WALLET_RPC_ERROR as RPC_ERROR,
  type WalletEvent,
} from '@ojo/domain/wallet/popup-protocol';
import { requestMessageSchema, WalletRpcError } from './messages';

/** Answers one EIP-1193 request from `origin`; throws a WalletRpcError to answer with an error. */
export type RequestHandler = (request: {
  origin: string;
  method: string;
  params: unknown[];
}) => Promise<unknown>;

/** The part of a window this module talks to (the opener, or `MessageEvent.source`). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface MessageHandlerOptions {
  trustedOrigins: readonly string[];
  /** The window that opened the popup; only its messages are answered. */
  getOpener: () => unknown;
  handleRequest: RequestHandler;
}

function toErrorData(error: unknown): ProviderErrorData {
  if (error instanceof WalletRpcError) return { code: error.code, message: error.message };
  const message = error instanceof Error && error.message ? error.message : 'Internal error';
  return { code: RPC_ERROR.internal, message };
}

/**
 * The popup's `message` listener: answers requests only from the opener window and only when the sender's origin
 * is trusted, always to that exact origin (never '*'). Anything else is ignored without an answer.
 */
export function createMessageHandler(options: MessageHandlerOptions) {
  const trusted = new Set(options.trustedOrigins);
  return async (event: Pick<MessageEvent, 'origin' | 'source' | 'data'>): Promise<void> => {
    if (!trusted.has(event.origin)) return;
    const opener = options.getOpener();
    if (!opener || event.source !== opener) return;
    const parsed = requestMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const { id, method, params } = parsed.data;
    const target = event.source as unknown as MessageTarget;
    let response: ResponseMessage;
    try {
      const result = await options.handleRequest({ origin: event.origin, method, params });
      response = { channel: CHANNEL, type: 'response', id, result: result ?? null };
    } catch (error) {
      response = { channel: CHANNEL, type: 'response', id, error: toErrorData(error) };
    }
    target.postMessage(response, event.origin);
  };
}

/** Tells the opener the popup listens. Sent to each trusted origin: the browser delivers only to the real one. */
export function announceReady(opener: MessageTarget, trustedOrigins: readonly string[]): void {
  const message: ReadyMessage = { channel: CHANNEL, type: 'ready' };
  for (const origin of trustedOrigins) opener.postMessage(message, origin);
}

export function postEvent(opener: MessageTarget, origin: string, event: WalletEvent, data: unknown): void {
  const message: EventMessage = { channel: CHANNEL, type: 'event', event, data };
  opener.postMessage(message, origin);
}
