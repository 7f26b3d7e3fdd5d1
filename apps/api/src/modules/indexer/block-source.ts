import { type Hex, type PublicClient, toHex } from 'viem';

/**
 * What the indexer reads from the chain: block headers (number, hash, parent hash, time) and every native value
 * movement of a block, from the nodes' call tracer. Two ways to read movements:
 * - `debug` (default where available): `debug_traceBlockByNumber` / `debug_traceTransaction` with geth's
 *   `callTracer`, which anvil, geth, reth and Abstract's nodes serve. It sees value moved inside contract calls and
 *   user operations (EntryPoint -> account.execute -> recipient).
 * - `none`: for RPCs without tracing, only the transactions' own value (`tx.value`, with the receipt's status).
 *   Transfers made inside contract calls, and so sends from a smart account by user operation, are NOT seen.
 */
export type TraceMode = 'debug' | 'none';

export interface BlockHeader {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
  time: Date;
}

/** One call frame that moved ETH. */
export interface ValueMove {
  txHash: Hex;
  txIndex: number;
  /** Position in the call tree: '' for the transaction itself, '0.1' for the 2nd call of its 1st call. */
  traceAddress: string;
  from: Hex;
  to: Hex;
  valueWei: bigint;
  /** False when the frame or a frame around it reverted: then nothing moved. */
  succeeded: boolean;
}

interface CallFrame {
  type: string;
  from: Hex;
  to?: Hex;
  value?: Hex;
  error?: string;
  calls?: CallFrame[];
}

/** Frame types that move value; DELEGATECALL and STATICCALL report the caller's value without moving it. */
const VALUE_FRAME_TYPES = new Set(['CALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

/** Flattens a call tree into the frames that moved value, with their positions and whether they stuck. */
export function valueMovesOfCallTree(root: CallFrame, tx: { txHash: Hex; txIndex: number }): ValueMove[] {
  const moves: ValueMove[] = [];
  const walk = (frame: CallFrame, position: number[], parentFailed: boolean) => {
    const failed = parentFailed || frame.error !== undefined;
    const value = frame.value ? BigInt(frame.value) : 0n;
    if (value > 0n && frame.to && VALUE_FRAME_TYPES.has(frame.type.toUpperCase())) {
      moves.push({
        ...tx,
        traceAddress: position.join('.'),
        from: frame.from.toLowerCase() as Hex,
        to: frame.to.toLowerCase() as Hex,
        valueWei: value,
        succeeded: !failed,
      });
    }
    frame.calls?.forEach((child, i) => {
      walk(child, [...position, i], failed);
    });
  };
  walk(root, [], false);
  return moves;
}

export interface BlockSource {
  readonly traceMode: TraceMode;
  head(): Promise<bigint>;
  /** The header at `number`, or null when the chain is not that long (e.g. after a reorg to a shorter chain). */
  header(number: bigint): Promise<BlockHeader | null>;
  /** Every value movement of the block with this hash. */
  moves(block: BlockHeader): Promise<ValueMove[]>;
  /** Every value movement of one mined transaction, with its block; null when it is not mined (yet). */
  transaction(txHash: Hex): Promise<{ block: BlockHeader; moves: ValueMove[] } | null>;
}

interface TracedTransaction {
  txHash?: Hex;
  result: CallFrame;
}

const CALL_TRACER = { tracer: 'callTracer' } as const;

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;

/** Reads blocks and their value movements over JSON-RPC. */
export function createBlockSource(client: PublicClient, traceMode: TraceMode): BlockSource {
  const request = client.request as unknown as RawRequest;

  const header = async (number: bigint): Promise<BlockHeader | null> => {
    const block = (await request({ method: 'eth_getBlockByNumber', params: [toHex(number), false] })) as {
      hash: Hex;
      parentHash: Hex;
      number: Hex;
      timestamp: Hex;
    } | null;
    if (!block) return null;
    return toHeader(block);
  };

  const blockMoves = async (block: BlockHeader): Promise<ValueMove[]> => {
    const full = await client.getBlock({ blockHash: block.hash, includeTransactions: true });
    if (traceMode === 'none') return topLevelMoves(client, full.transactions);
    const traced = (await request({
      method: 'debug_traceBlockByHash',
      params: [block.hash, CALL_TRACER],
    })) as TracedTransaction[];
    return traced.flatMap((entry, txIndex) => {
      const txHash = (entry.txHash ?? full.transactions[txIndex]?.hash) as Hex;
      return valueMovesOfCallTree(entry.result, { txHash: txHash.toLowerCase() as Hex, txIndex });
    });
  };

  return {
    traceMode,
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    header,
    moves: blockMoves,
    async transaction(txHash) {
      const receipt = await client.getTransactionReceipt({ hash: txHash }).catch(() => null);
      if (!receipt) return null;
      const block = await header(receipt.blockNumber);
      if (!block || block.hash !== receipt.blockHash.toLowerCase()) return null;
      const tx = { txHash: txHash.toLowerCase() as Hex, txIndex: receipt.transactionIndex };
      if (traceMode === 'none') {
        const transaction = await client.getTransaction({ hash: txHash });
        return { block, moves: await topLevelMoves(client, [transaction], receipt.status === 'success') };
      }
      const root = (await request({
        method: 'debug_traceTransaction',
        params: [txHash, CALL_TRACER],
      })) as CallFrame;
      return { block, moves: valueMovesOfCallTree(root, tx) };
    },
  };
}

function toHeader(block: { hash: Hex; parentHash: Hex; number: Hex; timestamp: Hex }): BlockHeader {
  return {
    number: BigInt(block.number),
    hash: block.hash.toLowerCase() as Hex,
    parentHash: block.parentHash.toLowerCase() as Hex,
    time: new Date(Number(BigInt(block.timestamp)) * 1000),
  };
}

type PlainTransaction = {
  hash: Hex;
  from: Hex;
  to: Hex | null;
  value: bigint;
  transactionIndex: number | null;
};

/** `none` mode: each transaction's own value, with its receipt's status (or `status` when already known). */
function topLevelMoves(client: PublicClient, transactions: readonly PlainTransaction[], status?: boolean) {
  const moving = transactions.filter((tx) => tx.value > 0n && tx.to);
  return Promise.all(
    moving.map(async (tx): Promise<ValueMove> => {
      const succeeded =
        status ?? (await client.getTransactionReceipt({ hash: tx.hash })).status === 'success';
      return {
        txHash: tx.hash.toLowerCase() as Hex,
        txIndex: tx.transactionIndex ?? 0,
        traceAddress: '',
        from: tx.from.toLowerCase() as Hex,
        to: (tx.to as Hex).toLowerCase() as Hex,
        valueWei: tx.value,
        succeeded,
      };
    }),
  );
}

/** Whether the node serves the call tracer (`auto` mode picks `debug` then, else `none`). */
export async function detectTraceMode(client: PublicClient): Promise<TraceMode> {
  const request = client.request as unknown as RawRequest;
  try {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    await request({ method: 'debug_traceBlockByNumber', params: [toHex(head), CALL_TRACER] });
    return 'debug';
  } catch {
    return 'none';
  }
}
