import { USER_REJECTED_MESSAGE, WALLET_CHANNEL, WALLET_RPC_ERROR } from '@ojo/domain/wallet/popup-protocol';
import { z } from 'zod';

/**
 * Requests from the web app (the opener), validated before the wallet acts on them. The message shapes and codes are
 * shared with the opener through @ojo/domain/wallet/popup-protocol.
 */
export const requestMessageSchema = z.object({
  channel: z.literal(WALLET_CHANNEL),
  type: z.literal('request'),
  id: z.string().min(1).max(128),
  method: z.string().min(1).max(128),
  params: z.array(z.unknown()).optional().default([]),
});
export type RequestMessage = z.infer<typeof requestMessageSchema>;

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

export const userRejected = () => new WalletRpcError(WALLET_RPC_ERROR.userRejected, USER_REJECTED_MESSAGE);
