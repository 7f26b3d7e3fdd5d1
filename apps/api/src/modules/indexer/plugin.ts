import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { runSingleton, type Singleton } from '@ojo/db/leases';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { receiptAddress } from '../coin/receipt-address';
import { type BlockSource, createBlockSource, detectTraceMode, type TraceMode } from './block-source';
import { followChain } from './follow-chain';

export const INDEXER_LEASE_NAME = 'wallet-indexer';

export interface Indexer {
  /** This node's singleton (whether it holds the lease right now). */
  singleton: Singleton | undefined;
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

/** Sleeps `ms` or until woken or aborted. */
function createWaiter() {
  let wakeUp: (() => void) | undefined;
  return {
    wake: () => wakeUp?.(),
    wait: (ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wakeUp = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done);
        wakeUp = done;
      }),
  };
}

/**
 * Runs the indexer on whichever API node holds the `wallet-indexer` lease (packages/db leases): exactly one node
 * follows the chain at a time, another takes over when the holder stops renewing.
 */
async function indexerPlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  const settings = config.indexer;
  const log = app.log.child({ part: 'indexer' });
  const waiter = createWaiter();
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

  const indexer: Indexer = { singleton: undefined, source: getSource, wake: waiter.wake };
  app.decorate('indexer', indexer);
  if (!settings.enabled) return;

  app.addHook('onReady', async () => {
    indexer.singleton = runSingleton(app.db, {
      name: INDEXER_LEASE_NAME,
      holder: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      ttlMs: settings.leaseMs,
      renewEveryMs: Math.max(250, Math.floor(settings.leaseMs / 3)),
      onEvent: (event) => {
        if (event.type === 'error') log.error({ err: event.error }, 'indexer step failed');
        else log.info({ token: event.lease?.token.toString() }, `indexer lease ${event.type}`);
      },
      async run(signal, lease) {
        const blocks = await getSource();
        const from = await startBlock(blocks);
        while (!signal.aborted) {
          const step = await followChain(app.db, blocks, lease, {
            chainId: config.chain.chainId,
            startBlock: from,
            batchBlocks: settings.batchBlocks,
            confirmations: settings.confirmations,
            alsoTo: [receiptAddress(config)],
          });
          if (step.undone > 0) log.warn({ step }, 'reorganisation: undid a block');
          if (step.caughtUp && step.undone === 0) await waiter.wait(settings.pollMs, signal);
        }
      },
    });
  });
  app.addHook('onClose', async () => {
    await indexer.singleton?.stop();
  });
}

export default fp(indexerPlugin, { name: 'indexer', dependencies: ['database', 'chain'] });
