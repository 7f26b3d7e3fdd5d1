import { randomBytes } from 'node:crypto';
import { profileRegistryAbi } from '@ojo/contracts/generated/abis';
import { chainTransactions } from '@ojo/db/schema/chain-transactions';
import { jobs } from '@ojo/db/schema/jobs';
import { profileRegistrations } from '@ojo/db/schema/profile-registrations';
import type { User } from '@ojo/db/schema/users';
import { eq, inArray } from '@ojo/db/sql';
import { testDatabaseKinds } from '@ojo/db/testing';
import { devnetAddresses } from '@ojo/devnet/keys';
import { type Address, getAddress, parseEventLogs } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { insertUser } from '../helpers';
import { useApiNodes } from '../support/api-nodes';
import type { ApiProcess } from '../support/api-process';

/**
 * Two real API processes on one PostgreSQL database and one anvil: the job table, its leases and the shared nonce
 * sequence hold across nodes and across a crash (ARCHITECTURE.md (Production and scale)).
 */
describe.runIf(testDatabaseKinds.includes('postgres'))(
  'API nodes sharing one PostgreSQL (real processes)',
  () => {
    // Every registration comes from 127.0.0.1: the per-address cap is not what these nodes test.
    const harness = useApiNodes({ name: 'two-nodes', env: { PROFILE_DAILY_PER_CLIENT: '1000' } });
    const { startNode, client, rpc } = harness;
    const signerNonce = () =>
      client().getTransactionCount({ address: devnetAddresses.apiSigner, blockTag: 'pending' });
    const newPlayer = async () => {
      const owner = privateKeyToAccount(generatePrivateKey()).address;
      const user = await insertUser(harness.database.db, { smartAccountAddress: owner.toLowerCase() });
      return { owner, user };
    };
    const postProfile = (node: ApiProcess, user: User, handle: string) =>
      harness.post(node, '/profile', user, { handle });
    const registrationsOf = (users: User[]) =>
      harness.database.db
        .select()
        .from(profileRegistrations)
        .where(
          inArray(
            profileRegistrations.userId,
            users.map((user) => user.id),
          ),
        );
    const profileOf = (owner: Address) =>
      client().readContract({
        address: harness.deployments.contracts.ProfileRegistry,
        abi: profileRegistryAbi,
        functionName: 'profileOf',
        args: [owner],
      });

    it('registers 40 profiles sent 20 to each of two nodes at once: all on chain and in the database, one nonce each', async () => {
      const [a, b] = await Promise.all([startNode(), startNode()]);
      const players = await Promise.all(Array.from({ length: 40 }, () => newPlayer()));
      const nonceBefore = await signerNonce();

      const responses = await Promise.all(
        players.map(({ user }, index) =>
          postProfile(index % 2 === 0 ? a! : b!, user, `node_${index}_${randomBytes(2).toString('hex')}`),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(players.map(() => 202));

      const users = players.map((player) => player.user);
      await expect
        .poll(async () => (await registrationsOf(users)).filter((row) => row.status === 'created').length, {
          timeout: 120_000,
          interval: 500,
        })
        .toBe(40);

      // On chain: each owner holds exactly the handle it asked for.
      const rows = await registrationsOf(users);
      for (const { owner, user } of players) {
        const row = rows.find((registration) => registration.userId === user.id)!;
        expect(String(await profileOf(owner))).toBe(row.profileId);
      }
      // One transaction per registration, forty consecutive nonces, none abandoned ("nonce too low") or re-sent.
      const jobRows = await harness.database.db.select().from(jobs).where(eq(jobs.kind, 'profile.register'));
      expect(jobRows).toHaveLength(40);
      expect(
        jobRows.every((job) => job.state === 'succeeded' && job.attempts === 1 && job.lastError === null),
      ).toBe(true);
      const sent = await harness.database.db
        .select()
        .from(chainTransactions)
        .where(
          inArray(
            chainTransactions.jobId,
            jobRows.map((job) => job.id),
          ),
        );
      expect(sent).toHaveLength(40);
      expect(
        sent.every((row) => row.status === 'mined' && row.reverted === false && row.hashes.length === 1),
      ).toBe(true);
      expect(sent.map((row) => Number(row.nonce)).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 40 }, (_, n) => nonceBefore + n),
      );
      expect(await signerNonce()).toBe(nonceBefore + 40);
      // Both nodes did part of the work.
      const ranBy = new Set(jobRows.map((job) => (job.result as { ranBy?: string }).ranBy?.split(':')[1]));
      expect(ranBy).toEqual(new Set([String(a!.child.pid), String(b!.child.pid)]));
      await Promise.all([a!.stop(), b!.stop()]);
    }, 300_000);

    it('finishes, once, a registration whose node was killed with SIGKILL after sending its transaction', async () => {
      const leaseEnv = { JOB_LEASE_MS: '2000', CHAIN_TX_REPLACE_AFTER_MS: '600000' };
      const first = await startNode(leaseEnv);
      const { owner, user } = await newPlayer();
      const handle = `crash_${randomBytes(2).toString('hex')}`;
      const nonceBefore = await signerNonce();
      // Blocks wait for us: the transaction stays in the pool while the node that sent it dies.
      await rpc('evm_setAutomine', [false]);
      try {
        expect((await postProfile(first, user, handle)).status).toBe(202);
        const [registration] = await registrationsOf([user]);
        const job = () =>
          harness.database.db
            .select()
            .from(jobs)
            .where(eq(jobs.key, `profile.register:${registration!.id}:1`))
            .then((found) => found[0]);
        const writes = async () =>
          harness.database.db
            .select()
            .from(chainTransactions)
            .where(eq(chainTransactions.jobId, (await job())!.id));
        await expect.poll(async () => (await writes())[0]?.status, { timeout: 60_000 }).toBe('sent');

        await first.stop('SIGKILL');
        expect((await job())?.state).toBe('running'); // held by a dead node

        const second = await startNode(leaseEnv);
        // The lease runs out, the new node takes the job over and finds the transaction already sent.
        await expect.poll(async () => (await job())?.attempts, { timeout: 60_000 }).toBe(2);
        await rpc('evm_mine');
        await expect
          .poll(async () => (await registrationsOf([user]))[0]?.status, { timeout: 60_000 })
          .toBe('created');

        const [write, ...more] = await writes();
        expect(more).toEqual([]);
        expect(write).toMatchObject({ status: 'mined', reverted: false, nonce: BigInt(nonceBefore) });
        expect(write!.hashes).toHaveLength(1);
        expect(await signerNonce()).toBe(nonceBefore + 1);
        expect((await job())?.state).toBe('succeeded');
        // Created once on chain, for this owner and handle.
        const receipt = await client().getTransactionReceipt({ hash: write!.minedHash as `0x${string}` });
        const created = parseEventLogs({
          abi: profileRegistryAbi,
          logs: receipt.logs,
          eventName: 'ProfileCreated',
        });
        expect(created.map((event) => [getAddress(event.args.owner), event.args.handle])).toEqual([
          [getAddress(owner), handle],
        ]);
        const [saved] = await registrationsOf([user]);
        expect(saved?.profileId).toBe(String(await profileOf(owner)));
        await second.stop();
      } finally {
        await rpc('evm_setAutomine', [true]);
      }
    }, 300_000);
  },
);
