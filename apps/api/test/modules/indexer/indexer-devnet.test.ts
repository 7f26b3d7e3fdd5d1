import { smartAccountAbi, smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import { getSmartAccountAddress } from '@ojo/contracts/smart-account';
import { indexedBlocks, nativeTransfers } from '@ojo/db/schema/wallet-index';
import { asc, eq } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { type Address, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { startTestChain, type TestChain } from '../../support/chain';

/**
 * The wallet indexer on anvil with the real contracts (issue: product.md 2 Wallet history): value moved inside contract
 * calls is seen, a restart resumes without gaps or duplicates, a reorganisation (anvil snapshot and revert) undoes
 * what it removed, and two API nodes run one indexer.
 */
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

const client = () => createDevnetPublicClient(chain.rpcUrl);
const rpc = (method: string, params: unknown[] = []) => client().request({ method, params } as never);
const funder = () => createDevnetWalletClient(chain.rpcUrl, devnetKeys.spare[0]);

/** A smart account deployed through the factory for a fresh owner key (one of anvil's spare keys). */
async function deployAccount(ownerKey: Hex, salt: bigint): Promise<Address> {
  const owner = privateKeyToAccount(ownerKey).address;
  const factoryAddress = chain.deployments.contracts.SmartAccountFactory as Address;
  const wallet = createDevnetWalletClient(chain.rpcUrl, ownerKey);
  const hash = await wallet.writeContract({
    address: factoryAddress,
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner, salt],
  } as never);
  await client().waitForTransactionReceipt({ hash });
  return getSmartAccountAddress(client(), { factoryAddress, owner, salt });
}

async function send(to: Address, ether: string): Promise<Hex> {
  const hash = await funder().sendTransaction({ to, value: parseEther(ether) } as never);
  await client().waitForTransactionReceipt({ hash });
  return hash;
}

/**
 * The account's owner makes it send ETH: the value moves inside the contract call, at trace position '0.0' (the
 * proxy delegates to the implementation, which calls the recipient).
 */
async function executeFrom(ownerKey: Hex, account: Address, to: Address, ether: string): Promise<Hex> {
  const wallet = createDevnetWalletClient(chain.rpcUrl, ownerKey);
  const hash = await wallet.writeContract({
    address: account,
    abi: smartAccountAbi,
    functionName: 'execute',
    args: [to, parseEther(ether), '0x'],
  } as never);
  await client().waitForTransactionReceipt({ hash });
  return hash;
}

describeWithDatabases('wallet indexer on anvil', ({ database, kind }) => {
  const ownerKey = devnetKeys.spare[kind === 'pglite' ? 1 : 2];
  const salt = kind === 'pglite' ? 1n : 2n;
  const outsider = privateKeyToAccount(devnetKeys.spare[3]).address;
  let accountA: Address;
  let accountB: Address;

  const transfers = () =>
    database()
      .db.select()
      .from(nativeTransfers)
      .orderBy(
        asc(nativeTransfers.blockNumber),
        asc(nativeTransfers.txIndex),
        asc(nativeTransfers.traceAddress),
      );
  const startApp = () =>
    buildTestApp(database(), {
      ...chain.env,
      INDEXER_ENABLED: 'true',
      INDEXER_POLL_MS: '100',
      INDEXER_LEASE_MS: '4000',
      INDEXER_START_BLOCK: String(chain.deployments.deployedAtBlock),
    });
  /** Waits until the index reached the chain's head (its newest block row has the head's hash). */
  const caughtUp = async () => {
    const head = await client().getBlock({ blockTag: 'latest' });
    await expect
      .poll(
        async () => {
          const [row] = await database()
            .db.select()
            .from(indexedBlocks)
            .where(eq(indexedBlocks.number, head.number));
          return row?.hash;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(head.hash.toLowerCase());
  };

  beforeAll(async () => {
    accountA = await deployAccount(ownerKey, salt);
    accountB = await deployAccount(ownerKey, salt + 10n);
    await insertUser(database().db, { smartAccountAddress: accountA.toLowerCase() });
    await insertUser(database().db, { smartAccountAddress: accountB.toLowerCase() });
  }, 60_000);

  it('indexes a deposit, a transfer made inside a contract call, and resumes after a restart without gaps', async () => {
    const first = await startApp();
    await first.app.ready();
    const deposit = await send(accountA, '1');
    const inner = await executeFrom(ownerKey, accountA, outsider, '0.25');
    await caughtUp();
    await first.app.close();

    // Made while no indexer ran: the next one must pick them up from where the last stopped.
    const toB = await executeFrom(ownerKey, accountA, accountB, '0.1');
    const second = await startApp();
    await second.app.ready();
    await caughtUp();
    await second.app.close();

    const rows = (await transfers()).filter((row) => [deposit, inner, toB].includes(row.txHash as Hex));
    expect(
      rows.map((row) => [row.txHash, row.traceAddress, row.fromAddress, row.toAddress, row.valueWei]),
    ).toEqual([
      [
        deposit,
        '',
        privateKeyToAccount(devnetKeys.spare[0]).address.toLowerCase(),
        accountA.toLowerCase(),
        parseEther('1'),
      ],
      [inner, '0.0', accountA.toLowerCase(), outsider.toLowerCase(), parseEther('0.25')],
      [toB, '0.0', accountA.toLowerCase(), accountB.toLowerCase(), parseEther('0.1')],
    ]);
    expect(rows.every((row) => row.status === 'success')).toBe(true);
    const receipt = await client().getTransactionReceipt({ hash: inner });
    expect(rows[1]).toMatchObject({
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash.toLowerCase(),
    });

    // No block skipped, none twice: one row per height from the start block to the head.
    const blocks = await database().db.select().from(indexedBlocks).orderBy(asc(indexedBlocks.number));
    const head = await client().getBlockNumber({ cacheTime: 0 });
    expect(blocks.map((block) => block.number)).toEqual(
      Array.from({ length: Number(head) - chain.deployments.deployedAtBlock + 1 }, (_, i) =>
        BigInt(chain.deployments.deployedAtBlock + i),
      ),
    );
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]?.parentHash).toBe(blocks[i - 1]?.hash);
  }, 90_000);

  it('undoes the transfers of blocks a reorganisation removed (anvil snapshot and revert)', async () => {
    const { app } = await startApp();
    await app.ready();
    try {
      const snapshot = (await rpc('evm_snapshot')) as string;
      const doomed = await send(accountB, '2');
      await caughtUp();
      expect((await transfers()).some((row) => row.txHash === doomed)).toBe(true);

      await rpc('evm_revert', [snapshot]);
      // The replacement chain: other blocks at the same heights, and one more so it is longer.
      const kept = await send(accountB, '0.5');
      await rpc('anvil_mine', ['0x2']);
      await caughtUp();

      const rows = await transfers();
      expect(rows.some((row) => row.txHash === doomed)).toBe(false);
      expect(rows.filter((row) => row.txHash === kept)).toHaveLength(1);
      const blocks = await database().db.select().from(indexedBlocks).orderBy(asc(indexedBlocks.number));
      for (const block of blocks.slice(-4)) {
        const onChain = await client().getBlock({ blockNumber: block.number });
        expect(block.hash).toBe(onChain.hash.toLowerCase());
      }
    } finally {
      await app.close();
    }
  }, 90_000);

  it('runs one indexer across two API nodes, and the other takes over when the holder stops', async () => {
    const nodeA = await startApp();
    const nodeB = await startApp();
    await Promise.all([nodeA.app.ready(), nodeB.app.ready()]);
    try {
      // Exactly one holds the lease, read in one look (both nodes share this event loop: a stall may hand the
      // lease over between two looks, which is the take-over working, not two holders).
      const heldBy = () =>
        [nodeA.app.indexer.singleton?.isHeld(), nodeB.app.indexer.singleton?.isHeld()]
          .map((held, index) => (held ? index : -1))
          .filter((index) => index >= 0);
      let holderIndex = -1;
      await expect
        .poll(
          () => {
            const held = heldBy();
            if (held.length === 1) holderIndex = held[0]!;
            return held.length;
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      const [holder, other] = holderIndex === 0 ? [nodeA, nodeB] : [nodeB, nodeA];
      await holder.app.close();

      const later = await send(accountA, '0.3');
      await expect.poll(() => other.app.indexer.singleton?.isHeld(), { timeout: 20_000 }).toBe(true);
      await caughtUp();
      expect((await transfers()).filter((row) => row.txHash === later)).toHaveLength(1);
    } finally {
      await nodeA.app.close();
      await nodeB.app.close();
    }
  }, 90_000);
});
