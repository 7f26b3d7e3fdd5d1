/**
 * The players of `npm run bench:players` (scripts/bench-players.mjs): BENCH_PLAYERS users on the migrated database
 * of DATABASE_URL, each with a smart account address, points to bet with, and an open session whose token is
 * signed with JWT_SECRET (the API node's), the way the API's multi-node tests sign theirs in
 * (test/support/api-nodes.ts): a player's sign-in needs a chain and a wallet, which the benchmark leaves out.
 * Prints one JSON line, `[{ userId, token }]`. The benchmark runs this file inside the checkout it measures, so
 * each checkout opens its sessions with its own code.
 */
import { randomBytes } from 'node:crypto';
import { createDatabase } from '@ojo/db/client';
import { creditMany } from '@ojo/db/ledger';
import { buildTestApp, insertUser } from '../test/helpers';

/** Enough for a bet of the minimum in every round of a long ramp, whatever the player wins or loses. */
const POINT_GRANT = 100_000n;

async function main(): Promise<void> {
  const count = Number(process.env.BENCH_PLAYERS);
  const databaseUrl = process.env.DATABASE_URL;
  const jwtSecret = process.env.JWT_SECRET;
  if (!(count > 0) || !databaseUrl || !jwtSecret) {
    throw new Error('BENCH_PLAYERS, DATABASE_URL and JWT_SECRET are required');
  }
  const database = Object.assign(await createDatabase({ databaseUrl, maxConnections: 4 }), { name: 'bench' });
  // No jobs, no round driver: this process only writes players and sessions for the API node under test.
  const { app } = await buildTestApp(database, {
    JWT_SECRET: jwtSecret,
    JOB_RUNNER: 'false',
    ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}),
  });
  try {
    const players: { userId: string; token: string }[] = [];
    for (let index = 0; index < count; index += 1) {
      const user = await insertUser(app.db, { smartAccountAddress: `0x${randomBytes(20).toString('hex')}` });
      players.push({ userId: user.id, token: await app.issueSessionToken(user.id) });
    }
    await creditMany(
      app.db,
      players.map(({ userId }) => ({
        userId,
        asset: 'POINT' as const,
        amount: POINT_GRANT,
        reason: 'bench',
        idempotencyKey: `bench:${userId}`,
      })),
    );
    process.stdout.write(`${JSON.stringify(players)}\n`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
