import {
  abandonChainTransaction,
  findChainTransaction,
  findOrphanedNonces,
  prepareChainTransaction,
  recordMined,
  recordReplacement,
  recordSent,
} from '@ojo/db/chain-transactions';
import type { Database } from '@ojo/db/client';
import type { ChainTransaction } from '@ojo/db/schema/chain-transactions';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, BaseError, type Hex, keccak256, TransactionReceiptNotFoundError } from 'viem';
import type { ChainService } from './chain-service';

/** One chain write: which transaction, and its name (unique per job step: a resumed job finds its own). */
export interface ChainWrite {
  /** e.g. `${job.key}:createProfileFor`. */
  key: string;
  jobId?: string;
  to: Address;
  data: Hex;
  value?: bigint;
}

/** The mined transaction of a write. */
export interface MinedWrite {
  hash: Hex;
  blockNumber: bigint;
  reverted: boolean;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

export interface ChainWriter {
  /**
   * Sends the write once and resolves when it is mined: the nonce comes from the database, the signed bytes are
   * stored before they are broadcast, and a resumed write (after a crash, on any node) sends the same bytes again
   * or finds their receipt. Re-sends with higher fees when not mined in time. `signal` stops waiting.
   */
  write(request: ChainWrite, options?: { signal?: AbortSignal }): Promise<MinedWrite>;
}

/** Geth and anvil refuse a replacement whose fees are not at least 10% higher; bump by 12.5%. */
const bumped = (value: bigint) => (value * 1125n) / 1000n + 1n;
const POLL_MS = 200;

function nodeMessage(error: unknown): string {
  if (error instanceof BaseError)
    return `${error.details ?? ''} ${error.shortMessage} ${error.message}`.toLowerCase();
  return String(error).toLowerCase();
}
const isAlreadyKnown = (error: unknown) =>
  /already known|already imported|known transaction/.test(nodeMessage(error));
const isNonceTooLow = (error: unknown) =>
  /nonce too low|nonce has already been used|nonce is too low/.test(nodeMessage(error));
const isUnderpriced = (error: unknown) =>
  /replacement transaction underpriced|underpriced/.test(nodeMessage(error));

class AbortedError extends Error {
  override name = 'AbortError';
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError('stopped waiting'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(new AbortedError('stopped waiting'));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The API's only way to send transactions (ARCHITECTURE.md (Production and scale): one nonce sequence per signing key shared by all
 * nodes). Handles what nodes answer: 'already known' (sent before), 'nonce too low' (ours was mined, or the key
 * was used elsewhere: take a new nonce), and a transaction not mined in time (re-sent, with higher fees).
 */
export function createChainWriter(options: {
  db: Database;
  chain: ChainService;
  /** Re-send with bumped fees when not mined after this long. */
  replaceAfterMs: number;
  log: FastifyBaseLogger;
}): ChainWriter {
  const { db, chain, log } = options;
  const client = chain.publicClient;
  const from = chain.signer.address;

  const sign = async (
    row: Pick<ChainTransaction, 'toAddress' | 'data' | 'value' | 'gasLimit'>,
    fees: {
      maxFeePerGas: bigint;
      maxPriorityFeePerGas: bigint;
    },
    nonce: bigint,
  ) => {
    const rawTransaction = await chain.signer.signTransaction({
      type: 'eip1559',
      chainId: chain.chainId,
      nonce: Number(nonce),
      to: row.toAddress as Address,
      data: row.data as Hex,
      value: row.value,
      gas: row.gasLimit,
      ...fees,
    });
    return { rawTransaction, hash: keccak256(rawTransaction) };
  };

  /** The receipt of whichever of the write's hashes was mined, recorded; undefined while none is. */
  const findMined = async (row: ChainTransaction): Promise<MinedWrite | undefined> => {
    for (const hash of [...row.hashes].reverse() as Hex[]) {
      try {
        const receipt = await client.getTransactionReceipt({ hash });
        const mined = {
          hash,
          blockNumber: receipt.blockNumber,
          reverted: receipt.status !== 'success',
          gasUsed: receipt.gasUsed,
          effectiveGasPrice: receipt.effectiveGasPrice,
        };
        await recordMined(db, row.id, mined);
        return mined;
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
      }
    }
    return undefined;
  };

  const prepare = async (request: ChainWrite) => {
    const value = request.value ?? 0n;
    const [estimatedGas, fees, pendingNonce] = await Promise.all([
      client.estimateGas({ account: from, to: request.to, data: request.data, value }),
      client.estimateFeesPerGas(),
      client.getTransactionCount({ address: from, blockTag: 'pending' }),
    ]);
    const draft = {
      key: request.key,
      jobId: request.jobId ?? null,
      chainId: chain.chainId,
      fromAddress: from,
      toAddress: request.to,
      data: request.data,
      value,
      // A margin over the estimate: state may change between estimation and inclusion.
      gasLimit: (estimatedGas * 12n) / 10n + 10_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    };
    const { transaction } = await prepareChainTransaction(db, draft, BigInt(pendingNonce), (nonce) =>
      sign(draft, fees, nonce),
    );
    return transaction;
  };

  /** Sends the stored bytes; answers false when the nonce was taken by another transaction of the key. */
  const broadcast = async (row: ChainTransaction): Promise<boolean> => {
    try {
      await client.request({ method: 'eth_sendRawTransaction', params: [row.rawTransaction as Hex] });
    } catch (error) {
      if (isAlreadyKnown(error) || isUnderpriced(error)) {
        // Ours is in the pool already (this version, or an earlier one with this nonce): keep waiting for it.
      } else if (isNonceTooLow(error)) {
        if (await findMined(row)) return true;
        log.warn(
          { write: row.key, nonce: String(row.nonce) },
          'nonce used by another transaction; taking a new one',
        );
        await abandonChainTransaction(db, row.id);
        return false;
      } else {
        throw error;
      }
    }
    await recordSent(db, row.id);
    return true;
  };

  /** Signs the same nonce again with higher fees (at least the network's current ones) and sends it. */
  const replace = async (row: ChainTransaction): Promise<ChainTransaction> => {
    const network = await client.estimateFeesPerGas();
    const fees = {
      maxFeePerGas: [bumped(row.maxFeePerGas), network.maxFeePerGas].reduce((a, b) => (a > b ? a : b)),
      maxPriorityFeePerGas: [bumped(row.maxPriorityFeePerGas), network.maxPriorityFeePerGas].reduce((a, b) =>
        a > b ? a : b,
      ),
    };
    const signed = await sign(row, fees, row.nonce);
    log.warn(
      { write: row.key, nonce: String(row.nonce), hash: signed.hash },
      'transaction not mined in time; re-sent',
    );
    return recordReplacement(db, row.id, { ...signed, ...fees });
  };

  /**
   * Earlier nonces of the key that nobody will send (their job ended between signing and sending) block ours: send
   * a no-op (0 ETH to ourselves) at each, priced above what was signed there, so the sequence moves on.
   */
  const fillNonceGaps = async (latest: bigint, below: bigint) => {
    const orphans = await findOrphanedNonces(
      db,
      { chainId: chain.chainId, address: from },
      { fromNonce: latest, toNonce: below, idleMs: options.replaceAfterMs },
    );
    for (const orphan of orphans) {
      if (await findMined(orphan)) continue;
      const noOp = { toAddress: from, data: '0x', value: 0n, gasLimit: 21_000n };
      const fees = {
        maxFeePerGas: bumped(orphan.maxFeePerGas),
        maxPriorityFeePerGas: bumped(orphan.maxPriorityFeePerGas),
      };
      const signed = await sign(noOp, fees, orphan.nonce);
      log.warn(
        { write: orphan.key, nonce: String(orphan.nonce) },
        'nonce left unsent by an ended job; filled with a no-op',
      );
      await broadcast(await recordReplacement(db, orphan.id, { ...signed, ...fees }));
    }
  };

  return {
    async write(request, { signal } = {}) {
      for (;;) {
        let row = (await findChainTransaction(db, request.key)) ?? (await prepare(request));
        if (row.status === 'mined') {
          return {
            hash: row.minedHash as Hex,
            blockNumber: row.blockNumber ?? 0n,
            reverted: row.reverted ?? false,
            gasUsed: row.gasUsed ?? 0n,
            effectiveGasPrice: row.effectiveGasPrice ?? 0n,
          };
        }
        // Resumed after a crash: it may have been mined meanwhile.
        const earlier = await findMined(row);
        if (earlier) return earlier;
        if (!(await broadcast(row))) continue;

        let sentAt = Date.now();
        for (;;) {
          await pause(POLL_MS, signal);
          const mined = await findMined(row);
          if (mined) return mined;
          if (Date.now() - sentAt < options.replaceAfterMs) continue;
          const latest = BigInt(await client.getTransactionCount({ address: from, blockTag: 'latest' }));
          if (latest > row.nonce) {
            // The nonce is used but by none of our hashes: another transaction of the key took it.
            if (await findMined(row)) continue;
            await abandonChainTransaction(db, row.id);
            break;
          }
          if (latest < row.nonce) await fillNonceGaps(latest, row.nonce);
          row = await replace(row);
          if (!(await broadcast(row))) break;
          sentAt = Date.now();
        }
      }
    },
  };
}
