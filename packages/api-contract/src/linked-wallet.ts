import { BIND_WALLET_REQUEST_DEFAULTS as BIND } from '@ojo/domain/constants';
import { z } from 'zod';
import { defineRoute } from './route';

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

/**
 * POST /customer/bind/auth (spec 7 'Bind wallet'): links an EVM wallet for asset badges with a signature over
 * `linkWalletMessage` and a nonce from GET /customer/oauth/nonce?publicKey=<the wallet>. The spec's constant fields
 * are required as the spec gives them. Refusals answer `success: false` with the spec 8 codes 1115, 1116, 1117.
 */
export const bindWalletBody = z.object({
  /** The player's smart account (the session's). */
  publicKey: evmAddress,
  /** The wallet to link. */
  address: evmAddress,
  nonce: z.string().regex(/^[0-9a-f]{32}$/),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .max(20_000),
  thirdAuthSource: z.literal(BIND.thirdAuthSource),
  platform: z.literal(BIND.platform),
  walletType: z.literal(BIND.walletType),
});

export const bindWalletRoute = defineRoute({
  method: 'POST',
  path: '/customer/bind/auth',
  host: 'customer',
  secure: true,
  summary: 'Links an EVM wallet to the session player (signed nonce); spec 8 codes 1115, 1116, 1117',
  tags: ['customer'],
  body: bindWalletBody,
  result: z.boolean(),
});
