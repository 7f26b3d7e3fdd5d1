import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

const address = z
  .string()
  .max(MAX.address)
  .regex(/^0x[0-9a-fA-F]{40}$/);

/**
 * `GET /chain/config` (public): what the web and wallet apps need to talk to the chain. `contracts` holds the
 * deployed project contracts by name (ProfileRegistry, SmartAccountFactory, VerifyingPaymaster, ...); it is empty
 * and `entryPoint` null while nothing is deployed.
 */
export const chainConfig = z
  .object({
    chainId: z.number().int().positive(),
    rpcUrl: z.string().max(MAX.url),
    bundlerUrl: z.string().max(MAX.url),
    entryPoint: address.nullable(),
    contracts: z.record(z.string().max(MAX.key), address),
  })
  .meta({ id: 'ChainConfig' });
export type ChainConfig = z.infer<typeof chainConfig>;

/** `GET /chain/config` (public). */
export const chainConfigRoute = defineRoute({
  method: 'GET',
  path: '/chain/config',
  host: 'customer',
  secure: false,
  summary: 'Chain id, public RPC and bundler URLs, EntryPoint and contract addresses',
  tags: ['chain'],
  result: chainConfig,
});
