import { BIND_WALLET_REQUEST_DEFAULTS as BIND } from '@ojo/domain/constants';
import { LINKED_WALLET_KINDS } from '@ojo/domain/wallet/wallet-bind';
import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

const evmAddress = z
  .string()
  .max(MAX.address)
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

/**
 * POST /customer/bind/auth (product.md 7 'Bind wallet'): links an EVM wallet for asset badges with a signature over
 * `linkWalletMessage` and a nonce from GET /customer/oauth/nonce?publicKey=<the wallet>. The spec's constant fields
 * are required as the spec gives them. Refusals answer `success: false` with the product.md 8 codes 1115, 1116, 1117
 * (1117 also when the wallet of the asked kind is already set, or the wallet is linked for the other kind).
 */
export const bindWalletBody = z.object({
  /** The player's smart account (the session's). */
  publicKey: evmAddress,
  /** The wallet to link. */
  address: evmAddress,
  nonce: z
    .string()
    .max(MAX.decimal)
    .regex(/^[0-9a-f]{32}$/),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .max(20_000),
  thirdAuthSource: z.literal(BIND.thirdAuthSource),
  platform: z.literal(BIND.platform),
  walletType: z.literal(BIND.walletType),
  /**
   * What the wallet is linked for: its partner NFTs or the partner token (product.md 2, one wallet each, locked once set).
   * Absent: the first kind still free (partner NFT, then partner token).
   */
  linkKind: z.enum(LINKED_WALLET_KINDS).optional(),
});

export const bindWalletRoute = defineRoute({
  method: 'POST',
  path: '/customer/bind/auth',
  host: 'customer',
  secure: true,
  summary:
    'Links an EVM wallet to the session player (signed nonce) as its partner NFT or partner token wallet, one each, locked once set; product.md 8 codes 1115, 1116, 1117',
  tags: ['customer'],
  body: bindWalletBody,
  result: z.boolean(),
});
