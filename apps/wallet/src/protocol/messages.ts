import { z } from 'zod';

/**
 * The popup protocol between the web app (opener) and this wallet (issue 4 plan, "Wallet popup protocol"). Every
 * message carries `channel: 'ojo-wallet'`; the web side keeps a mirror of these shapes in
 * apps/web/src/features/auth/wallet/protocol.ts.
 */
export const CHANNEL = 'ojo-wallet';

export const requestMessageSchema = z.object({
  channel: z.literal(CHANNEL),
  type: z.literal('request'),
  id: z.string().min(1).max(128),
  method: z.string().min(1).max(128),
  params: z.array(z.unknown()).optional().default([]),
});
export type RequestMessage = z.infer<typeof requestMessageSchema>;

export interface ProviderErrorData {
  code: number;
  message: string;
}

export type ResponseMessage =
  | { channel: typeof CHANNEL; type: 'response'; id: string; result: unknown }
  | { channel: typeof CHANNEL; type: 'response'; id: string; error: ProviderErrorData };

export interface ReadyMessage {
  channel: typeof CHANNEL;
  type: 'ready';
}

export type WalletEvent = 'accountsChanged' | 'chainChanged' | 'disconnect';

export interface EventMessage {
  channel: typeof CHANNEL;
  type: 'event';
  event: WalletEvent;
  data: unknown;
}

/** EIP-1193 / EIP-1474 error codes the wallet answers with. */
export const RPC_ERROR = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  invalidParams: -32602,
  internal: -32603,
} as const;

/** An error that travels back to the opener as `{code, message}`. */
export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'WalletRpcError';
  }
}

export const userRejected = () => new WalletRpcError(RPC_ERROR.userRejected, 'User rejected the request.');
