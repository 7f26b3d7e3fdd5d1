import type { Address, PublicClient } from 'viem';
import { freshRead } from '../../lib/fresh-read';

/** Accounts remembered at most; past it the memory starts again (the next read of each asks the node). */
const MAX_REMEMBERED = 10_000;

/**
 * Reads an account's ETH from the node, remembering it per block: a balance changes only with a block, so a read
 * costs the node one `eth_blockNumber` and, once per new block, one `eth_getBalance`. The block number is never
 * older than the read: right after a send or a faucet funding the new balance must show. viem's own cache would hand
 * a read an `eth_blockNumber` already in flight, sent before the read asked (a transfer mined in between would not
 * show), so reads at once share one through `freshRead` instead: each from a call sent after it asked, one in flight.
 */
export function createBalanceReader(client: PublicClient) {
  const remembered = new Map<string, { block: bigint; wei: bigint }>();
  const blockNumber = freshRead(() => client.getBlockNumber({ cacheTime: 0 }));
  return async (account: Address): Promise<bigint> => {
    const block = await blockNumber();
    const known = remembered.get(account);
    if (known && known.block === block) return known.wei;
    const wei = await client.getBalance({ address: account, blockNumber: block });
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(account, { block, wei });
    return wei;
  };
}
