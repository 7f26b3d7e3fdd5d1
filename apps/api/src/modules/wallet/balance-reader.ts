import type { Address, PublicClient } from 'viem';

/** Accounts remembered at most; past it the memory starts again (the next read of each asks the node). */
const MAX_REMEMBERED = 10_000;

/**
 * Reads an account's ETH from the node, remembering it per block: a balance changes only with a block, so a read
 * costs the node one `eth_blockNumber` and, once per new block, one `eth_getBalance`. The block number is asked
 * fresh every time (no client cache): right after a send or a faucet funding the new balance must show.
 */
export function createBalanceReader(client: PublicClient) {
  const remembered = new Map<string, { block: bigint; wei: bigint }>();
  return async (account: Address): Promise<bigint> => {
    const block = await client.getBlockNumber({ cacheTime: 0 });
    const known = remembered.get(account);
    if (known && known.block === block) return known.wei;
    const wei = await client.getBalance({ address: account, blockNumber: block });
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(account, { block, wei });
    return wei;
  };
}
