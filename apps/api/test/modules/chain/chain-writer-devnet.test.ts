import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareChainTransaction } from '@ojo/db/chain-transactions';
import { chainTransactions } from '@ojo/db/schema/chain-transactions';
import { asc, eq, like, sql } from '@ojo/db/sql';
import { describeWithDatabases } from '@ojo/db/testing';
import { type AnvilHandle, startAnvil } from '@ojo/devnet/anvil';
import { createDevnetPublicClient } from '@ojo/devnet/clients';
import { findFreePort } from '@ojo/devnet/ports';
import pino from 'pino';
import { type Address, type Hex, keccak256, parseEther, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChainService, createChainService } from '../../../src/modules/chain/chain-service';
import { type ChainWriter, createChainWriter } from '../../../src/modules/chain/chain-writer';
import { testConfig } from '../../helpers';

let anvil: AnvilHandle;
const anvilDir = mkdtempSync(path.join(tmpdir(), 'ojo-chain-writer-'));

beforeAll(async () => {
  anvil = await startAnvil({ dataDir: anvilDir, port: await findFreePort() });
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
  rmSync(anvilDir, { recursive: true, force: true });
});

const client = () => createDevnetPublicClient(anvil.rpcUrl);
const rpc = (method: string, params: unknown[] = []) => client().request({ method, params } as never);
const recipient = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describeWithDatabases('the chain writer (anvil)', ({ database }) => {
  let chain: ChainService;
  let writer: ChainWriter;
  let signer: Address;
  let tag = 0;
  const key = () => `test-write:${Date.now()}:${tag++}`;
  const chainNonce = (blockTag: 'latest' | 'pending' = 'pending') =>
    client().getTransactionCount({ address: signer, blockTag });
  const rows = (prefix: string) =>
    database()
      .db.select()
      .from(chainTransactions)
      .where(like(chainTransactions.key, `${prefix}%`))
      .orderBy(asc(chainTransactions.nonce));

  beforeAll(async () => {
    // A key of its own per database kind: each database keeps its own nonce sequence for it.
    const privateKey = generatePrivateKey();
    signer = privateKeyToAccount(privateKey).address;
    await rpc('anvil_setBalance', [signer, toHex(parseEther('10'))]);
    const config = await testConfig({ CHAIN_RPC_URL: anvil.rpcUrl, API_SIGNER_PRIVATE_KEY: privateKey });
    chain = createChainService(config);
    // Replacement only when the drop test asks for it (its own writer below): twenty writes at once under load must
    // not see a slow sibling as a gap to fill.
    writer = newWriter(30_000);
  });
  const newWriter = (replaceAfterMs: number) =>
    createChainWriter({ db: database().db, chain, replaceAfterMs, log: pino({ level: 'silent' }) });

  /** Signs and records a write the way the writer does, without sending it: a node that crashed right there. */
  const prepareOnly = async (writeKey: string, to: Address) => {
    const fees = await client().estimateFeesPerGas();
    const draft = {
      key: writeKey,
      jobId: null,
      chainId: chain.chainId,
      fromAddress: signer,
      toAddress: to,
      data: '0x',
      value: 1n,
      gasLimit: 30_000n,
      ...fees,
    };
    const { transaction } = await prepareChainTransaction(
      database().db,
      draft,
      BigInt(await chainNonce()),
      async (nonce) => {
        const rawTransaction = await chain.signer.signTransaction({
          type: 'eip1559',
          chainId: chain.chainId,
          nonce: Number(nonce),
          to,
          data: '0x',
          value: 1n,
          gas: 30_000n,
          ...fees,
        });
        return { rawTransaction, hash: keccak256(rawTransaction) };
      },
    );
    return transaction;
  };

  it('sends twenty writes at once with twenty consecutive nonces, all mined', async () => {
    const prefix = key();
    const start = await chainNonce();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        writer.write({ key: `${prefix}:${n}`, to: recipient(), data: '0x', value: 1n }),
      ),
    );
    expect(results.every((result) => !result.reverted)).toBe(true);
    expect(await chainNonce('latest')).toBe(start + 20);
    const recorded = await rows(prefix);
    expect(recorded.map((row) => Number(row.nonce))).toEqual(Array.from({ length: 20 }, (_, n) => start + n));
    expect(recorded.every((row) => row.status === 'mined' && row.gasUsed === 21_000n)).toBe(true);
  });

  it('answers the same transaction when asked again for a write already mined, sending nothing', async () => {
    const writeKey = key();
    const first = await writer.write({ key: writeKey, to: recipient(), data: '0x' });
    const nonce = await chainNonce();
    expect(await writer.write({ key: writeKey, to: recipient(), data: '0x' })).toEqual(first);
    expect(await chainNonce()).toBe(nonce);
  });

  it('sends the stored bytes of a write prepared before a crash, once', async () => {
    const writeKey = key();
    const prepared = await prepareOnly(writeKey, recipient());
    const mined = await writer.write({ key: writeKey, to: recipient(), data: '0x' });
    expect(mined.hash).toBe(prepared.hashes[0]);
    expect(await chainNonce('latest')).toBe(Number(prepared.nonce) + 1);
  });

  it('finds the receipt of a write that was sent and mined before the crash, sending nothing', async () => {
    const writeKey = key();
    const prepared = await prepareOnly(writeKey, recipient());
    await rpc('eth_sendRawTransaction', [prepared.rawTransaction]);
    await client().waitForTransactionReceipt({ hash: prepared.hashes[0] as Hex });
    const nonce = await chainNonce();
    const mined = await writer.write({ key: writeKey, to: recipient(), data: '0x' });
    expect(mined.hash).toBe(prepared.hashes[0]);
    expect(await chainNonce()).toBe(nonce);
    const [row] = await rows(writeKey);
    expect(row).toMatchObject({ status: 'mined', minedHash: prepared.hashes[0] });
  });

  it('takes a new nonce when the key used its nonce elsewhere ("nonce too low")', async () => {
    const writeKey = key();
    const prepared = await prepareOnly(writeKey, recipient());
    // The same key sends another transaction with that nonce from outside this database.
    const hash = await chain.walletClient.sendTransaction({
      account: chain.signer,
      chain: null,
      to: recipient(),
      value: 2n,
      nonce: Number(prepared.nonce),
    });
    await client().waitForTransactionReceipt({ hash });
    const mined = await writer.write({ key: writeKey, to: recipient(), data: '0x' });
    expect(mined.reverted).toBe(false);
    const recorded = await rows(writeKey);
    expect(recorded.map((row) => [row.status, Number(row.nonce)])).toEqual([
      ['abandoned', Number(prepared.nonce)],
      ['mined', Number(prepared.nonce) + 1],
    ]);
  });

  it('re-sends a transaction the node dropped, with higher fees, and records the hash that was mined', async () => {
    const writeKey = key();
    await rpc('evm_setAutomine', [false]);
    try {
      const writing = newWriter(1000).write({ key: writeKey, to: recipient(), data: '0x' });
      await expect.poll(async () => (await rows(writeKey))[0]?.status, { timeout: 10_000 }).toBe('sent');
      const [sent] = await rows(writeKey);
      await rpc('anvil_dropTransaction', [sent!.hashes[0]]);
      // The writer re-sends every second whether or not the node still holds the transaction, so under load a
      // third hash may follow before the block is mined: whichever replacement was mined is the one recorded.
      await expect
        .poll(async () => (await rows(writeKey))[0]?.hashes.length ?? 0, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      await rpc('evm_mine');
      const mined = await writing;
      const [row] = await rows(writeKey);
      expect(row!.hashes.slice(1)).toContain(mined.hash);
      expect(mined.hash).not.toBe(sent!.hashes[0]);
      expect(row!.maxFeePerGas).toBeGreaterThan(sent!.maxFeePerGas);
      expect(row).toMatchObject({ status: 'mined', minedHash: mined.hash, nonce: sent!.nonce });
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('fills a nonce that an ended job left unsent with a no-op, so the writes after it are mined', async () => {
    const orphanKey = key();
    const orphan = await prepareOnly(orphanKey, recipient());
    // Its job is gone (no job) and nothing touched it for a while: nobody will send it.
    await database()
      .db.update(chainTransactions)
      .set({ updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(chainTransactions.id, orphan.id));

    // A writer that looks for gaps after a second (the shared one waits 30 s).
    const mined = await newWriter(1000).write({ key: key(), to: recipient(), data: '0x' });
    expect(mined.reverted).toBe(false);
    expect(await chainNonce('latest')).toBe(Number(orphan.nonce) + 2);
    const [filled] = await rows(orphanKey);
    expect(filled!.hashes).toHaveLength(2);
    const noOp = await client().getTransaction({ hash: filled!.hashes[1] as Hex });
    expect([noOp.to?.toLowerCase(), noOp.value, noOp.nonce]).toEqual([
      signer.toLowerCase(),
      0n,
      Number(orphan.nonce),
    ]);
  });

  it('keeps nonces of a key unique in the database', async () => {
    const all = await database()
      .db.select()
      .from(chainTransactions)
      .where(eq(chainTransactions.fromAddress, signer.toLowerCase()));
    expect(new Set(all.map((row) => row.nonce)).size).toBe(all.length);
  });
});
