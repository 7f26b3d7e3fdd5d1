import { randomBytes } from 'node:crypto';
import { routePath } from '@ojo/api-contract/route-path';
import { tokenHistoriesRoute } from '@ojo/api-contract/wallet';
import { type NewNativeTransfer, nativeTransfers } from '@ojo/db/schema/wallet-index';
import { describeWithDatabases } from '@ojo/db/testing';
import { fromBaseUnits } from '@ojo/domain/format/decimal';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, insertUser } from '../../helpers';
import { saasHeaders } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

const address = () => `0x${randomBytes(20).toString('hex')}`;
const hash = () => `0x${randomBytes(32).toString('hex')}`;

/**
 * The history page reads the account's sends and receives as two ordered, cut index reads (`list-histories.ts`):
 * every page, at every offset, must be exactly the slice of the whole history in its order (block, position in the
 * block, call frame, newest first), with a transfer to itself once, and nothing failed, of another chain or of
 * another account.
 */
describeWithDatabases('the wallet history page', ({ database }) => {
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database()));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

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
            kind === 0 || kind === 3
              ? [account, address()]
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
            valueWei: BigInt(1_000 + rows.length),
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
      .map((row) => `${row.txHash}/${row.traceAddress}/${row.fromAddress === account ? 'out' : 'in'}`);
    // Each transfer's value is its own, so a line's amount names the transfer it shows.
    const ids = new Map(
      rows.map((row) => [fromBaseUnits(row.valueWei, 18), `${row.txHash}/${row.traceAddress}`]),
    );
    // A self-transfer, a failed one and another chain's are all in the data, so each rule is exercised.
    expect(rows.some((row) => row.fromAddress === account && row.toAddress === account)).toBe(true);
    expect(expected.length).toBeGreaterThan(40);

    const page = async (from: number, limit: number) => {
      const response = await app.inject({
        method: 'GET',
        url: `${routePath(tokenHistoriesRoute)}?from=${from}&limit=${limit}`,
        headers: { ...saasHeaders, jwt_token: jwt },
      });
      expect(response.statusCode).toBe(200);
      const { histories } = response.json().data as {
        histories: { amount: string; side: string; txHash: string }[];
      };
      return histories.map((item) => {
        const id = ids.get(item.amount);
        expect(id?.startsWith(item.txHash)).toBe(true);
        return `${id}/${item.side}`;
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
});
