import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeWithDatabases } from '../testing';
import { auditLog } from './audit-log';

/** Walks the cause chain drizzle wraps driver errors in, so the test can read the Postgres message. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.join(' | ');
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => errorText(error),
  );

describeWithDatabases('audit_log', ({ database }) => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused and the entry stays as written', async () => {
    const { db } = database();
    const [entry] = await db
      .insert(auditLog)
      .values({
        operatorId: randomUUID(),
        operatorAddress: '0x00000000000000000000000000000000000000aa',
        action: 'operator:add',
        target: 'operator:x',
        before: null,
        after: { role: 'viewer' },
      })
      .returning();

    expect(
      await refusal(db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, entry!.id))),
    ).toMatch(/append-only \(UPDATE refused\)/);
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.id, entry!.id)))).toMatch(
      /append-only \(DELETE refused\)/,
    );
    expect(await refusal(db.execute(sql`truncate ${auditLog}`))).toMatch(/append-only \(TRUNCATE refused\)/);

    const [kept] = await db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(kept).toEqual(entry);
  });
});
