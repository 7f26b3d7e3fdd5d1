import { randomBytes } from 'node:crypto';
import { routePath } from '@ojo/api-contract/route-path';
import { tokenHistoriesRoute } from '@ojo/api-contract/wallet';
import { type NewNativeTransfer, nativeTransfers } from '@ojo/db/schema/wallet-index';
import { describeWithDatabases } from '@ojo/db/testing';
import { formatUsd } from '@ojo/domain/format/amount';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { usdValueOfWei } from '@ojo/domain/wallet/balance';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const address = () => `0x${randomBytes(20).toString('hex')}`;
const hash = () => `0x${randomBytes(32).toString('hex')}`;
/** The entry point as configuration gives it (mixed case); the index stores addresses lower-case. */
const ENTRY_POINT = '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789';
const contractAddresses = Object.fromEntries(
  [
    'PROFILE_REGISTRY',
    'SMART_ACCOUNT_FACTORY',
    'VERIFYING_PAYMASTER',
    'BADGE_NFT',
    'PARTNER_NFT',
    'PARTNER_TOKEN',
  ].map((name, index) => [`${name}_ADDRESS`, `0x${(index + 1).toString(16).padStart(40, '0')}`]),
);
/** A fixed clock, so the page's USD texts are those of one known price. */
const NOW_MS = Date.UTC(2026, 10, 2, 12);

/**
 * The history page reads the account's sends and receives as two ordered, cut index reads (`list-histories.ts`):
 * every page, at every offset, must be exactly the slice of the whole history in its order (block, position in the
 * block, call frame, newest first), with a transfer to itself once, and nothing failed, of another chain or of
 * another account. Each line says what the transfer was (received, sent, or the network fee sent to the entry point),
 * its amount in ETH exactly as `fromBaseUnits` writes it and its USD text at the current price, whatever the value.
 */
describeWithDatabases('the wallet history page', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(
      database(),
      { ENTRY_POINT_ADDRESS: ENTRY_POINT, ...contractAddresses },
      { clock: () => NOW_MS },
    ));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Transfers of `values` (wei) from strangers to `account`, newest first in the given order, a minute apart. */
  const receive = (account: string, values: bigint[]) =>
    database()
      .db.insert(nativeTransfers)
      .values(
        values.map((valueWei, index) => ({
          chainId: app.chain.chainId,
          blockNumber: BigInt(1_000 - index),
          blockHash: hash(),
          blockTime: new Date(NOW_MS - 60_000 * (index + 1)),
          txHash: hash(),
          txIndex: 0,
          traceAddress: '',
          fromAddress: address(),
          toAddress: account,
          valueWei,
          status: 'success' as const,
        })),
      );

  it('is the exact slice of the whole history at every offset', async () => {
    const account = address();
    const player = await insertUser(database().db, { smartAccountAddress: account });
    const jwt = await app.issueSessionToken(player.id);
    const chainId = app.chain.chainId;
    const rows: NewNativeTransfer[] = [];
    // Several transfers per block, in several transactions and call frames, sent, received and to itself; a
    // stranger's between them; failed ones and another chain's that must not show.
    for (let block = 0; block < 12; block += 1) {
      for (let txIndex = 0; txIndex < 3; txIndex += 1) {
        const txHash = hash();
        for (const [frame, traceAddress] of ['', '0', '0.1'].entries()) {
          const kind = (block * 9 + txIndex * 3 + frame) % 6;
          const [fromAddress, toAddress] =
            kind === 0
              ? [account, address()]
              : kind === 3
                ? [account, ENTRY_POINT.toLowerCase()]
                : kind === 1 || kind === 4
                  ? [address(), account]
                  : kind === 2
                    ? [account, account]
                    : [address(), address()];
          rows.push({
            chainId: (block + txIndex + frame) % 11 === 5 ? chainId + 1 : chainId,
            blockNumber: BigInt(100 + block),
            blockHash: hash(),
            blockTime: new Date(Date.UTC(2026, 10, 1) + block * 60_000),
            txHash,
            txIndex,
            traceAddress,
            fromAddress,
            toAddress,
            // Distinct values from 1 wei to 10^47 wei, many with trailing zeros (exact ETH amounts).
            valueWei: BigInt(1_000 + rows.length) * 10n ** BigInt(rows.length % 45),
            status: (block + frame) % 7 === 3 ? 'failed' : 'success',
          });
        }
      }
    }
    await database().db.insert(nativeTransfers).values(rows);

    const byHistoryOrder = (a: NewNativeTransfer, b: NewNativeTransfer) =>
      Number(b.blockNumber - a.blockNumber) ||
      b.txIndex - a.txIndex ||
      (a.traceAddress < b.traceAddress ? 1 : a.traceAddress > b.traceAddress ? -1 : 0);
    const expected = rows
      .filter(
        (row) =>
          row.chainId === chainId &&
          row.status === 'success' &&
          (row.fromAddress === account || row.toAddress === account),
      )
      .sort(byHistoryOrder)
      .map(
        (row) =>
          `${row.txHash}/${row.traceAddress}/${
            row.fromAddress !== account ? 'in' : row.toAddress === ENTRY_POINT.toLowerCase() ? 'fee' : 'out'
          }`,
      );
    const quote = app.prices.quote('ETH', NOW_MS);
    if (!quote || quote.stale) throw new Error('the test needs a current ETH price');
    // Each transfer's value is its own, so a line's amount names the transfer it shows.
    const byAmount = new Map(rows.map((row) => [fromBaseUnits(row.valueWei, 18), row]));
    const descriptions = { in: 'Received ETH', out: 'Sent ETH', fee: 'Network fee' };
    // A self-transfer, a failed one and another chain's are all in the data, so each rule is exercised.
    expect(rows.some((row) => row.fromAddress === account && row.toAddress === account)).toBe(true);
    expect(expected.some((line) => line.endsWith('/fee'))).toBe(true);
    expect(expected.length).toBeGreaterThan(40);

    const page = async (from: number, limit: number) => {
      const response = await app.inject({
        method: 'GET',
        url: `${routePath(tokenHistoriesRoute)}?from=${from}&limit=${limit}`,
        headers: { ...saasHeaders, jwt_token: jwt },
      });
      expect(response.statusCode).toBe(200);
      const { histories } = response.json().data as {
        histories: {
          created: number;
          desc: string;
          amount: string;
          formattedUsdAmount: string;
          side: string;
          txHash: string;
        }[];
      };
      return histories.map((item) => {
        const row = byAmount.get(item.amount);
        if (!row) throw new Error(`no transfer of ${item.amount} ETH`);
        const kind = Object.entries(descriptions).find(([, text]) => text === item.desc)?.[0];
        expect(item).toEqual({
          created: row.blockTime.getTime(),
          symbol: 'ETH',
          desc: item.desc,
          amount: item.amount,
          formattedUsdAmount: formatUsd(usdValueOfWei(row.valueWei, quote.price)),
          side: kind === 'in' ? 'in' : 'out',
          txHash: row.txHash,
        });
        return `${row.txHash}/${row.traceAddress}/${kind}`;
      });
    };
    for (const [from, limit] of [
      [0, 20],
      [20, 20],
      [40, 20],
      [1, 1],
      [7, 13],
      [expected.length - 3, 20],
      [expected.length, 20],
    ] as const) {
      expect({ from, limit, page: await page(from, limit) }).toEqual({
        from,
        limit,
        page: expected.slice(from, from + limit),
      });
    }
  });

  it('rounds the USD text half away from zero and groups it by three, whatever its size', async () => {
    const account = address();
    const player = await insertUser(database().db, { smartAccountAddress: account });
    const jwt = await app.issueSessionToken(player.id);
    const eth = 10n ** 18n;
    // At 1 USD per ETH a value is its ETH amount cut at the 8th decimal, then rounded to cents.
    const cases: [wei: bigint, usd: string][] = [
      [1n, '0.00'],
      [5n * 10n ** 15n, '0.01'],
      [4_999_999n * 10n ** 9n, '0.00'],
      [999_995n * 10n ** 13n, '10.00'],
      [999n * eth, '999.00'],
      [1_000n * eth, '1,000.00'],
      [1_234_567_004_999_999_999_999_999n, '1,234,567.00'],
      [9_999_999_995n * 10n ** 15n, '10,000,000.00'],
      // Either side of the quadrillion where the statement stops using to_char's mask for a regular expression.
      [999_999_999_999_999_994n * 10n ** 15n, '999,999,999,999,999.99'],
      [999_999_999_999_999_995n * 10n ** 15n, '1,000,000,000,000,000.00'],
      [10n ** 15n * eth, '1,000,000,000,000,000.00'],
      [10n ** 15n * eth + 5n * 10n ** 15n, '1,000,000,000,000,000.01'],
      [
        123_456_789_012_345_678_901_234_567_890n * eth + 125n * 10n ** 14n,
        '123,456,789,012,345,678,901,234,567,890.01',
      ],
    ];
    await receive(
      account,
      cases.map(([wei]) => wei),
    );
    const current = app.prices.quote('ETH', NOW_MS);
    if (!current) throw new Error('the test needs an ETH price');
    const quote = vi.spyOn(app.prices, 'quote').mockReturnValue({ ...current, price: '1' });
    try {
      const response = await app.inject({
        method: 'GET',
        url: routePath(tokenHistoriesRoute),
        headers: { ...saasHeaders, jwt_token: jwt },
      });
      const texts = response
        .json()
        .data.histories.map((item: { formattedUsdAmount: string }) => item.formattedUsdAmount);
      expect(texts).toEqual(cases.map(([, usd]) => usd));
      // The domain's own formatting agrees on every one.
      expect(texts).toEqual(cases.map(([wei]) => formatUsd(usdValueOfWei(wei, '1'))));
    } finally {
      quote.mockRestore();
    }
  });

  it('has no USD text without a current price, and 0.00 at a price that does not parse', async () => {
    const account = address();
    const player = await insertUser(database().db, { smartAccountAddress: account });
    const jwt = await app.issueSessionToken(player.id);
    // 2 ETH, and an amount worth 0.004999995... USD at 1234.5678 USD per ETH: cut to 8 decimals it shows 0.00, where
    // a value rounded at the 8th decimal would show 0.01.
    const values = [2n * 10n ** 18n, 4_049_996_282_100n];
    await receive(account, values);
    const usdTexts = async () => {
      const response = await app.inject({
        method: 'GET',
        url: routePath(tokenHistoriesRoute),
        headers: { ...saasHeaders, jwt_token: jwt },
      });
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .data.histories.map((item: { amount: string; formattedUsdAmount: string }) => [
          item.amount,
          item.formattedUsdAmount,
        ]);
    };
    const current = app.prices.quote('ETH', NOW_MS);
    if (!current) throw new Error('the test needs an ETH price');
    const quote = vi.spyOn(app.prices, 'quote');
    try {
      const small = '0.0000040499962821';
      expect(await usdTexts()).toEqual([
        ['2', formatUsd(usdValueOfWei(values[0]!, current.price))],
        [small, formatUsd(usdValueOfWei(values[1]!, current.price))],
      ]);
      quote.mockReturnValue({ ...current, price: '1234.5678' });
      expect(await usdTexts()).toEqual([
        ['2', '2,469.14'],
        [small, '0.00'],
      ]);
      quote.mockReturnValue(undefined);
      expect(await usdTexts()).toEqual([
        ['2', ''],
        [small, ''],
      ]);
      quote.mockReturnValue({ ...current, stale: true });
      expect(await usdTexts()).toEqual([
        ['2', ''],
        [small, ''],
      ]);
      quote.mockReturnValue({ ...current, price: 'not a price' });
      expect(await usdTexts()).toEqual([
        ['2', '0.00'],
        [small, '0.00'],
      ]);
    } finally {
      quote.mockRestore();
    }
  });

  it('keeps only transaction hashes as the chain writes them, which its lines carry without escaping', async () => {
    const transfer = (txHash: string) =>
      database()
        .db.insert(nativeTransfers)
        .values({
          chainId: app.chain.chainId,
          blockNumber: 1n,
          blockHash: hash(),
          blockTime: new Date(NOW_MS),
          txHash,
          txIndex: 0,
          traceAddress: '',
          fromAddress: address(),
          toAddress: address(),
          valueWei: 1n,
          status: 'success',
        });
    for (const refused of [
      `0x${'a'.repeat(63)}"`,
      `0x${'a'.repeat(63)}`,
      `0x${'A'.repeat(64)}`,
      'a'.repeat(66),
    ])
      await expect(transfer(refused)).rejects.toThrow();
    await expect(transfer(hash())).resolves.toBeDefined();
  });
});
