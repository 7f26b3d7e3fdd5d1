import { runSingletonLoop, type SingletonLoop } from '@ojo/db/singleton-loop';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { receiptAddress } from '../coin/receipt-address';
import { type BlockSource, createBlockSource, detectTraceMode, type TraceMode } from './block-source';
import { followChain } from './follow-chain';

export const INDEXER_LEASE_NAME = 'wallet-indexer';

export interface Indexer {
  /** This node's singleton (whether it holds the lease right now). */
  singleton: SingletonLoop | undefined;
  /** The block source (trace mode decided on first use). */
  source(): Promise<BlockSource>;
  /** Makes a waiting indexer on this node look at the chain now. */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain indexer behind the wallet (native ETH of product smart accounts). */
    indexer: Indexer;
  }
}

/**
 * Runs the indexer on whichever API node holds the `wallet-indexer` lease (packages/db leases): exactly one node
 * follows the chain at a time, another takes over when the holder stops renewing.
 */
async function indexerPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  const settings = config.indexer;
  const log = app.log.child({ part: 'indexer' });
  let source: Promise<BlockSource> | undefined;
  const getSource = () => {
    source ??= (async () => {
      const mode: TraceMode =
        settings.traceMode === 'auto' ? await detectTraceMode(app.chain.publicClient) : settings.traceMode;
      if (mode === 'none') {
        log.warn(
          'the chain node serves no call tracer: only transactions’ own value is indexed, not transfers inside calls',
        );
      }
      return createBlockSource(app.chain.publicClient, mode);
    })().catch((error: unknown) => {
      source = undefined;
      throw error;
    });
    return source;
  };

  const startBlock = async (blocks: BlockSource): Promise<bigint> => {
    if (settings.startBlock !== undefined) return settings.startBlock;
    const deployedAt = app.chain.deployments()?.deployedAtBlock;
    if (deployedAt !== undefined) return BigInt(deployedAt);
    return config.localDevnet.isLocalDevnet ? 0n : blocks.head();
  };

  const indexer: Indexer = {
    singleton: undefined,
    source: getSource,
    wake: () => indexer.singleton?.wake(),
  };
  app.decorate('indexer', indexer);
  if (!settings.enabled) return;

  // Where this lease's holder starts on a chain it has not followed yet: worked out once per lease taken.
  let start: { token: bigint; block: bigint } | undefined;
  app.addHook('onReady', async () => {
    indexer.singleton = runSingletonLoop(app.db, {
      name: INDEXER_LEASE_NAME,
      ttlMs: settings.leaseMs,
      renewEveryMs: Math.max(250, Math.floor(settings.leaseMs / 3)),
      everyMs: settings.pollMs,
      onError: (error) => log.error({ err: error }, 'indexer step failed'),
      onLease: (event, lease) => log.info({ token: lease.token.toString() }, `indexer lease ${event}`),
      async step(lease) {
        const blocks = await getSource();
        if (start?.token !== lease.token) start = { token: lease.token, block: await startBlock(blocks) };
        const step = await followChain(app.db, blocks, lease, {
          chainId: config.chain.chainId,
          startBlock: start.block,
          batchBlocks: settings.batchBlocks,
          confirmations: settings.confirmations,
          alsoTo: [receiptAddress(config)],
        });
        if (step.undone > 0) log.warn({ step }, 'reorganisation: undid a block');
        // Behind the chain's head, or just undone a block: the next batch at once.
        return !step.caughtUp || step.undone > 0;
      },
    });
  });
  app.addHook('onClose', async () => {
    await indexer.singleton?.stop();
  });
}

export default fp(indexerPlugin, { name: 'indexer', dependencies: ['database', 'chain'] });
