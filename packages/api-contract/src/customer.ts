import { z } from 'zod';
import { customerEnvelope, errorEnvelope } from './envelope';

/** Chain families of linked wallets (spec point 3: connectAddress keyed by EVM, SOLANA). */
export const chainTypeSchema = z.enum(['EVM', 'SOLANA']);

const addressRef = z.object({ address: z.string() });

/** One entry of `addressAll` (spec point 3: platform, walletType, bindTime). */
export const boundAddressSchema = z.object({
  platform: z.string(),
  walletType: z.string(),
  address: z.string(),
  /** Milliseconds since the epoch. */
  bindTime: z.number().int(),
});

/** The on-chain profile; null until the customer created one (spec point 2, "Create profile"). */
export const customerProfileSchema = z.object({
  handle: z.string(),
  avatar: z.string().nullable(),
  profileId: z.string().nullable(),
});

/** User info of spec point 3, as `GET /customer` answers it in `obj`. */
export const customerInfoSchema = z
  .object({
    id: z.string(),
    isOldType: z.boolean(),
    profile: customerProfileSchema.nullable(),
    telegramId: z.string().nullable(),
    web3authAddress: z.string().nullable(),
    /** Smart-account addresses keyed by wallet type; `osp_aa` is the account-provider smart account. */
    abstractAddress: z.object({ osp_aa: addressRef.optional() }),
    addressAll: z.array(boundAddressSchema),
    /** Wallets linked for asset badges, keyed by chain type. */
    connectAddress: z.object({ EVM: addressRef.optional(), SOLANA: addressRef.optional() }),
    /** Milliseconds since the epoch; the web app shows the welcome modal within 30 s of it (spec point 4). */
    created: z.number().int(),
  })
  .meta({ id: 'CustomerInfo' });
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

/** `GET /customer` (secure). */
export const getCustomerSchema = {
  summary: 'The customer of the session token',
  tags: ['customer'],
  response: {
    200: customerEnvelope(customerInfoSchema),
    401: errorEnvelope,
  },
};
