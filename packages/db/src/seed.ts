import type { Database, Transaction } from './client';
import { seedRuns } from './schema/seed-runs';
import { demoReferrerProfileSeed, demoReferrerSeed } from './seeds/demo-referrer';
import { oldUsersSeed } from './seeds/old-users';

/** A named, run-once unit of seed data. The name is its identity: never rename a step that has shipped. */
export interface SeedStep {
  name: string;
  run(tx: Transaction): Promise<void>;
}

/**
 * The registry of seed steps, applied in this order. Later work appends its steps here
 * (one file per step under src/seeds/).
 */
export const seedSteps: readonly SeedStep[] = [demoReferrerSeed, oldUsersSeed, demoReferrerProfileSeed];

export interface SeedResult {
  applied: string[];
  skipped: string[];
}

/**
 * Runs each step that has not run on this database yet. The step and its `seed_runs` row commit together; a
 * concurrent runner blocks on the row's primary key and then skips the step, so each step runs exactly once.
 */
export async function runSeeds(db: Database, steps: readonly SeedStep[] = seedSteps): Promise<SeedResult> {
  const result: SeedResult = { applied: [], skipped: [] };
  for (const step of steps) {
    const isApplied = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return false;
      await step.run(tx);
      return true;
    });
    (isApplied ? result.applied : result.skipped).push(step.name);
  }
  return result;
}
