import { type AltoHandle, startAlto } from './alto';
import type { AnvilHandle } from './anvil';
import { startAnvil } from './anvil';
import type { LogFn } from './child-process';
import { type Deployments, deployContracts } from './deploy';
import { devnetKeys } from './keys';

export interface DevnetOptions {
  /** Root data folder; chain state goes to `<dataDir>/chain`, addresses to `<dataDir>/devnet`. */
  dataDir: string;
  chainPort: number;
  bundlerPort: number;
  /** Receives the children's output lines and progress messages. */
  log?: LogFn;
  /**
   * Stop the children on SIGINT/SIGTERM (default true). When no other handler for the signal remains, the
   * process then exits; a host with its own handler keeps control of its shutdown.
   */
  stopOnSignals?: boolean;
}

export interface Devnet {
  rpcUrl: string;
  bundlerUrl: string;
  deployments: Deployments;
  /** Stops alto, then anvil (which dumps its state). Safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * Starts anvil, deploys the EntryPoint and project contracts (or reuses them from the persisted chain), then
 * starts alto. Child processes die with this process; stop() ends them gracefully.
 */
export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const started = Date.now();
  const anvil: AnvilHandle = await startAnvil({
    dataDir: options.dataDir,
    port: options.chainPort,
    log: options.log,
  });
  let alto: AltoHandle | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      await alto?.stop();
      await anvil.stop();
    })();
    return stopping;
  };
  // Ctrl-C or a termination request: stop the children gracefully (anvil dumps state).
  const onSignal = (signal: NodeJS.Signals) => {
    const hostHandlesSignal = process.listenerCount(signal) > 0;
    void stop().finally(() => {
      if (!hostHandlesSignal) process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
  if (options.stopOnSignals ?? true) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }

  try {
    const deployments = await deployContracts({ rpcUrl: anvil.rpcUrl, dataDir: options.dataDir });
    alto = await startAlto({
      rpcUrl: anvil.rpcUrl,
      port: options.bundlerPort,
      entryPoint: deployments.entryPoint,
      executorPrivateKey: devnetKeys.bundlerExecutor,
      utilityPrivateKey: devnetKeys.bundlerUtility,
      log: options.log,
    });
    options.log?.(`[devnet] ready in ${Date.now() - started} ms`);
    return { rpcUrl: anvil.rpcUrl, bundlerUrl: alto.bundlerUrl, deployments, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
