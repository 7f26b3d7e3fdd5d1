import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { preparedQuery } from './prepared';
import { sessions } from './schema/sessions';
import { users } from './schema/users';
import { describeWithDatabases } from './testing';

/** Sessions of a user still open at `now` (a Date placeholder in a condition). */
const openSessions = preparedQuery('prepared_test_open_sessions', (db, name) =>
  db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      sql`${sessions.userId} = ${sql.placeholder('userId')} and ${sessions.expiresAt} > ${sql.placeholder('now')}`,
    )
    .prepare(name),
);

/** A session written with Date placeholders among the values (drizzle encodes those with the column). */
const insertSession = preparedQuery('prepared_test_insert_session', (db, name) =>
  db
    .insert(sessions)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      signedInAt: sql.placeholder('signedInAt'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt })
    .prepare(name),
);

describeWithDatabases('preparedQuery', ({ database }) => {
  it('binds Date placeholders in conditions and in written values as the same instants', async () => {
    const db = database().db;
    const [user] = await db.insert(users).values({ referralCode: 'PREP01' }).returning();
    const expiresAt = new Date('2030-01-01T10:20:30.456Z');
    const [written] = await insertSession(db, {
      id: randomUUID(),
      userId: user!.id,
      signedInAt: new Date('2029-12-25T00:00:00.000Z'),
      expiresAt,
    });
    expect(written!.expiresAt).toEqual(expiresAt);
    const before = new Date(expiresAt.getTime() - 1);
    expect(await openSessions(db, { userId: user!.id, now: before })).toEqual([
      { id: written!.id, expiresAt },
    ]);
    expect(await openSessions(db, { userId: user!.id, now: expiresAt })).toEqual([]);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, written!.id));
    expect(row!.signedInAt).toEqual(new Date('2029-12-25T00:00:00.000Z'));
  });
});
