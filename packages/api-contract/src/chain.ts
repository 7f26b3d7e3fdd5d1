import { z } from 'zod';
import { objEnvelope } from './envelope';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/**
 * `GET /chain/config` (public): what the web and wallet apps need to talk to the chain. `contracts` holds the
 * deployed project contracts by name (ProfileRegistry, SmartAccountFactory, VerifyingPaymaster, ...); it is empty
 * and `entryPoint` null while nothing is deployed.
 */
export const chainConfig = z
  .object({
    chainId: z.number().int().positive(),
    rpcUrl: z.string(),
    bundlerUrl: z.string(),
    entryPoint: address.nullable(),
    contracts: z.record(z.string(), address),
  })
  .meta({ id: 'ChainConfig' });
export type ChainConfig = z.infer<typeof chainConfig>;

export const chainConfigSchema = {
  summary: 'Chain id, public RPC and bundler URLs, EntryPoint and contract addresses',
  tags: ['chain'],
  response: { 200: objEnvelope(chainConfig) },
};
