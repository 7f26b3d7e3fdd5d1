import type { Database } from '@ojo/db/client';
import type { Hex } from 'viem';
import { callJsonRpc } from '../../lib/json-rpc';
import { recordTransaction } from '../indexer/index-store';
import type { Indexer } from '../indexer/plugin';
import { walletErrors } from './errors';

export interface ProcessedTransaction {
  txHash: Hex;
  mined: boolean;
  transfers: number;
}

/**
 * POST /transaction/process/{hash} (product.md 7, also after a send): takes the mined transaction's transfers into the
 * index at once, so the history shows a send before the indexer reaches its block. Any node may do it: the indexer
 * writes the same positions again when it gets there, or removes them if a reorganisation changed the block.
 */
export async function processTransaction(
  db: Database,
  indexer: Indexer,
  chainId: number,
  txHash: Hex,
): Promise<ProcessedTransaction> {
  const hash = txHash.toLowerCase() as Hex;
  let found: Awaited<ReturnType<Awaited<ReturnType<Indexer['source']>>['transaction']>>;
  try {
    found = await (await indexer.source()).transaction(hash);
  } catch {
    throw walletErrors.chainUnavailable();
  }
  indexer.wake();
  if (!found) return { txHash: hash, mined: false, transfers: 0 };
  const transfers = await recordTransaction(db, chainId, found.block, found.moves);
  return { txHash: hash, mined: true, transfers };
}

/** alto's (ERC-4337) answer to eth_getUserOperationReceipt: the bundle transaction that carried the operation. */
interface UserOperationReceipt {
  receipt: { transactionHash: Hex };
}

/** POST /transaction/process/userOpHash: finds the operation's transaction through the bundler, then as above. */
export async function processUserOperation(
  db: Database,
  indexer: Indexer,
  options: { chainId: number; bundlerUrl: string; userOpHash: Hex },
): Promise<Omit<ProcessedTransaction, 'txHash'> & { txHash: Hex | null }> {
  let receipt: UserOperationReceipt | null;
  try {
    receipt = await callJsonRpc<UserOperationReceipt | null>(
      options.bundlerUrl,
      'eth_getUserOperationReceipt',
      [options.userOpHash],
      10_000,
    );
  } catch {
    throw walletErrors.bundlerUnavailable();
  }
  if (!receipt) return { txHash: null, mined: false, transfers: 0 };
  return processTransaction(db, indexer, options.chainId, receipt.receipt.transactionHash);
}
