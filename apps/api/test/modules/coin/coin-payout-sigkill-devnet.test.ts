import { credit } from '@ojo/db/ledger';
import { chainTransactions } from '@ojo/db/schema/chain-transactions';
import { coinWithdraws } from '@ojo/db/schema/coin';
import { jobs } from '@ojo/db/schema/jobs';
import { eq } from '@ojo/db/sql';
import { testDatabaseKinds } from '@ojo/db/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { addPurchase } from '../../../src/modules/coin/cost-basis';
import { insertUser } from '../../helpers';
import { useApiNodes } from '../../support/api-nodes';

/**
 * A redemption's payout survives a crash: the node paying it is killed with SIGKILL after it sent the treasury's
 * transaction, and the next node finishes the redemption with that same transaction: the ETH arrives once.
 */
describe.runIf(testDatabaseKinds.includes('postgres'))(
  'redeem payout across a SIGKILL (real processes)',
  () => {
    const harness = useApiNodes({
      name: 'coin-kill',
      env: {
        JOB_LEASE_MS: '2000',
        CHAIN_TX_REPLACE_AFTER_MS: '600000',
        INDEXER_ENABLED: 'false',
        WITHDRAW_TRADE_LIMIT: '0',
      },
    });
    const { startNode, client, rpc } = harness;
    const db = () => harness.database.db;

    it('pays once after the paying node was killed with SIGKILL', async () => {
      const account = privateKeyToAccount(generatePrivateKey()).address;
      const user = await insertUser(db(), { smartAccountAddress: account.toLowerCase() });
      // Bought OJO (as a credited order leaves it), so the redemption pays its cost.
      await db().transaction(async (tx) => {
        await credit(tx, {
          userId: user.id,
          asset: 'OJO',
          amount: 500n,
          reason: 'coin.order',
          idempotencyKey: `test:grant:${user.id}`,
        });
        await addPurchase(tx, user.id, 500n, 500n * 10n ** 14n);
      });
      const first = await startNode();
      // Blocks wait for us: the payout stays in the pool while the node that sent it dies.
      await rpc('evm_setAutomine', [false]);
      try {
        const response = await harness.post(first, '/coin/withdraws', user, { amount: '200' });
        expect(response.status).toBe(200);
        const { id } = ((await response.json()) as { data: { id: string } }).data;
        const job = async () =>
          (
            await db()
              .select()
              .from(jobs)
              .where(eq(jobs.key, `coin.withdraw-payout:${id}`))
          )[0];
        const writes = async () =>
          db()
            .select()
            .from(chainTransactions)
            .where(eq(chainTransactions.jobId, (await job())?.id as string));
        await expect.poll(async () => (await writes())[0]?.status, { timeout: 60_000 }).toBe('sent');

        await first.stop('SIGKILL');
        expect((await job())?.state).toBe('running');
        const second = await startNode();
        await expect.poll(async () => (await job())?.attempts, { timeout: 60_000 }).toBe(2);
        await rpc('evm_mine');
        const row = async () =>
          (
            await db()
              .select()
              .from(coinWithdraws)
              .where(eq(coinWithdraws.id, BigInt(id)))
          )[0];
        await expect.poll(async () => (await row())?.status, { timeout: 60_000 }).toBe('FINISHED');

        const [write, ...more] = await writes();
        expect(more).toEqual([]);
        expect(write?.hashes).toHaveLength(1);
        expect((await row())?.txHash).toBe(write?.minedHash);
        expect(await client().getBalance({ address: account })).toBe((await row())?.payoutWei);
        expect((await job())?.state).toBe('succeeded');
        await second.stop();
      } finally {
        await rpc('evm_setAutomine', [true]);
      }
    }, 300_000);
  },
);
