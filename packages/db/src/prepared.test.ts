import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { preparedStatement } from './prepared';
import { users } from './schema/users';
import { describeWithDatabases } from './testing';

/** A session written and read back in one statement, with Date values for its times. */
const writeSession = preparedStatement<{
  id: string;
  signed_in_at: string;
  expires_at: string;
  is_open: boolean;
}>(
  'prepared_test_write_session',
  `with written as (
     insert into sessions (id, user_id, signed_in_at, expires_at) values ($1, $2::uuid, $3, $4)
     returning id, signed_in_at, expires_at
   )
   select id::text as id, to_char(signed_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as signed_in_at,
     to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
     expires_at > $5::timestamptz as is_open
   from written`,
);

describeWithDatabases('preparedStatement', ({ database }) => {
  it('binds Date values as the same instants, run after run under one name', async () => {
    const db = database().db;
    const [user] = await db.insert(users).values({ referralCode: 'PREP01' }).returning();
    const signedInAt = new Date('2029-12-25T00:00:00.000Z');
    const expiresAt = new Date('2030-01-01T10:20:30.456Z');
    const first = await writeSession(db, [randomUUID(), user!.id, signedInAt, expiresAt, signedInAt]);
    expect(first).toEqual([
      expect.objectContaining({
        signed_in_at: '2029-12-25T00:00:00.000Z',
        expires_at: '2030-01-01T10:20:30.456Z',
        is_open: true,
      }),
    ]);
    const second = await writeSession(db, [randomUUID(), user!.id, signedInAt, expiresAt, expiresAt]);
    expect(second[0]?.is_open).toBe(false);
    expect(second[0]?.expires_at).toBe('2030-01-01T10:20:30.456Z');
  });
});
