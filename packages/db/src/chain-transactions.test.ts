import { expect, it } from 'vitest';
import {
  abandonChainTransaction,
  allocateNonce,
  findChainTransaction,
  type PreparedTransaction,
  prepareChainTransaction,
  recordMined,
  recordReplacement,
  recordSent,
} from './chain-transactions';
import { describeWithDatabases } from './testing';

let counter = 0;
const newSigner = () => ({
  chainId: 11124,
  address: `0x${(Date.now() * 1000 + counter++).toString(16).padStart(40, 'A')}`,
});

describeWithDatabases('signer nonces and chain transactions', ({ kind, database }) => {
  it('hands out consecutive nonces per key and chain, starting at the chain pending nonce', async () => {
    const signer = newSigner();
    const db = database().db;
    expect(await allocateNonce(db, signer, 7n)).toBe(7n);
    expect(await allocateNonce(db, signer, 7n)).toBe(8n);
    expect(await allocateNonce(db, { ...signer, chainId: 1 }, 0n)).toBe(0n);
    // Stored lower-case: another casing is the same key.
    expect(
      await allocateNonce(db, { ...signer, address: signer.address.toUpperCase().replace('0X', '0x') }, 0n),
    ).toBe(9n);
  });

  it('catches up with the chain when the key was used elsewhere', async () => {
    const signer = newSigner();
    const db = database().db;
    expect(await allocateNonce(db, signer, 0n)).toBe(0n);
    expect(await allocateNonce(db, signer, 5n)).toBe(5n);
    expect(await allocateNonce(db, signer, 2n)).toBe(6n);
  });

  it(`never hands one nonce out twice, however many callers ask at once (${kind})`, async () => {
    const signer = newSigner();
    const db = database().db;
    const nonces = await Promise.all(
      Array.from({ length: 25 }, () => db.transaction((tx) => allocateNonce(tx, signer, 0n))),
    );
    expect([...nonces].sort((a, b) => Number(a - b))).toEqual(
      Array.from({ length: 25 }, (_, i) => BigInt(i)),
    );
  });

  const draft = (key: string, from: string): PreparedTransaction => ({
    key,
    jobId: null,
    chainId: 11124,
    fromAddress: from,
    toAddress: '0x00000000000000000000000000000000000000aa',
    data: '0x',
    value: 0n,
    gasLimit: 21_000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
  });
  const fakeSign = async (nonce: bigint) => ({ rawTransaction: `0xraw${nonce}`, hash: `0xhash${nonce}` });

  it('records a write once with its nonce and signed bytes; a resumed write gets the same transaction', async () => {
    const signer = newSigner();
    const db = database().db;
    const key = `write:${signer.address}`;
    const first = await prepareChainTransaction(db, draft(key, signer.address), 3n, fakeSign);
    expect(first.isNew).toBe(true);
    expect(first.transaction).toMatchObject({
      nonce: 3n,
      status: 'prepared',
      hashes: ['0xhash3'],
      fromAddress: signer.address.toLowerCase(),
    });
    const resumed = await prepareChainTransaction(db, draft(key, signer.address), 3n, fakeSign);
    expect(resumed).toEqual({ transaction: first.transaction, isNew: false });

    await recordSent(db, first.transaction.id);
    const replaced = await recordReplacement(db, first.transaction.id, {
      rawTransaction: '0xraw3b',
      hash: '0xhash3b',
      maxFeePerGas: 4n,
      maxPriorityFeePerGas: 2n,
    });
    expect(replaced).toMatchObject({
      status: 'sent',
      hashes: ['0xhash3', '0xhash3b'],
      rawTransaction: '0xraw3b',
    });
    const mined = await recordMined(db, first.transaction.id, {
      hash: '0xhash3b',
      blockNumber: 10n,
      gasUsed: 21_000n,
      effectiveGasPrice: 3n,
      reverted: false,
    });
    expect(mined).toMatchObject({ status: 'mined', minedHash: '0xhash3b', gasUsed: 21_000n });
  });

  it('prepares an abandoned write again with a new nonce', async () => {
    const signer = newSigner();
    const db = database().db;
    const key = `write:${signer.address}`;
    const first = await prepareChainTransaction(db, draft(key, signer.address), 0n, fakeSign);
    await abandonChainTransaction(db, first.transaction.id);
    expect(await findChainTransaction(db, key)).toBeUndefined();
    const second = await prepareChainTransaction(db, draft(key, signer.address), 0n, fakeSign);
    expect(second.isNew).toBe(true);
    expect(second.transaction.nonce).toBe(1n);
  });

  it(`allocates one transaction per write even when two holders prepare it at once (${kind})`, async () => {
    const signer = newSigner();
    const db = database().db;
    const key = `write:${signer.address}`;
    const results = await Promise.all(
      [0, 1, 2].map(() => prepareChainTransaction(db, draft(key, signer.address), 0n, fakeSign)),
    );
    expect(results.filter((result) => result.isNew)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transaction.id)).size).toBe(1);
    expect(await allocateNonce(db, signer, 0n)).toBe(1n);
  });
});
