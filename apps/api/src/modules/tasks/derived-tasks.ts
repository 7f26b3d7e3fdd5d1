import type { Database, Transaction } from '@ojo/db/client';
import { type Task, tasks } from '@ojo/db/schema/tasks';
import { userAddresses } from '@ojo/db/schema/user-addresses';
import { users } from '@ojo/db/schema/users';
import { and, eq, inArray } from '@ojo/db/sql';
import { periodKeyOf } from './period';
import { recordProgress } from './record-progress';

/** product.md 4: 'Wallet-bind tasks are done once any connected address exists.' */
export async function hasConnectedAddress(db: Database | Transaction, userId: string): Promise<boolean> {
  const [connected] = await db
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isConnected, true)))
    .limit(1);
  return Boolean(connected);
}

/**
 * The tasks whose state is the product's own data, so a player never has to press Verify for them: a signed-in
 * player has signed in today, a saved handle is the on-chain profile, a connected address is the wallet bind.
 */
export const DERIVED_VERIFIERS = [
  'sign_in',
  'profile_create',
  'wallet_bind',
] as const satisfies Task['verifier'][];

export type DerivedVerifier = (typeof DERIVED_VERIFIERS)[number];

export function isDerivedTask<T extends Pick<Task, 'verifier'>>(
  task: T,
): task is T & { verifier: DerivedVerifier } {
  return (DERIVED_VERIFIERS as readonly string[]).includes(task.verifier);
}

/** What the product knows of a player that decides its derived tasks. */
interface DerivedFacts {
  hasProfile: boolean;
  hasConnectedAddress: boolean;
}

/** Whether a derived task is met for a signed-in player with these facts. */
function isDerivedTaskMet(verifier: DerivedVerifier, facts: DerivedFacts): boolean {
  if (verifier === 'sign_in') return true;
  if (verifier === 'profile_create') return facts.hasProfile;
  return facts.hasConnectedAddress;
}

async function readFacts(db: Database | Transaction, userId: string): Promise<DerivedFacts> {
  const [[user], hasAddress] = await Promise.all([
    db.select({ handle: users.handle }).from(users).where(eq(users.id, userId)),
    hasConnectedAddress(db, userId),
  ]);
  return { hasProfile: Boolean(user?.handle), hasConnectedAddress: hasAddress };
}

/**
 * Completes the derived tasks of a signed-in player that are met (`candidates`: those rows, or the active tasks of
 * those verifiers; default every active derived task), crediting
 * each reward once (the ledger key task:<id>:<user>:<period>). Called when the task list or a badge's task progress
 * is read, and in a wallet bind's transaction. Answers the ids it completed.
 */
export async function completeDerivedTasks(
  db: Database | Transaction,
  userId: string,
  now: Date,
  candidates?: Task[] | { verifiers: readonly DerivedVerifier[] },
): Promise<number[]> {
  const rows = Array.isArray(candidates)
    ? candidates
    : await db
        .select()
        .from(tasks)
        .where(
          and(
            inArray(tasks.verifier, [...(candidates?.verifiers ?? DERIVED_VERIFIERS)]),
            eq(tasks.isActive, true),
          ),
        );
  const derived = rows.filter((task) => isDerivedTask(task));
  if (derived.length === 0) return [];
  const facts = await readFacts(db, userId);
  const completed: number[] = [];
  for (const task of derived) {
    if (!isDerivedTaskMet(task.verifier, facts)) continue;
    const result = await recordProgress(db, {
      userId,
      task,
      periodKey: periodKeyOf(task.period, now),
      progress: 1,
    });
    if (result.done) completed.push(task.id);
  }
  return completed;
}
