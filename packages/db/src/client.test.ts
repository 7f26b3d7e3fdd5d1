import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { migrateDatabase } from './migrate';
import { customers } from './schema/customers';

describe('createDatabase with PGlite on disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'ojo-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates missing folders and keeps data across a restart', async () => {
    const dataDir = path.join(root, 'nested', '.data');
    const first = await createDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    await migrateDatabase(first);
    await first.db.insert(customers).values({ handle: 'persisted', inviteCode: 'KEEP01' });
    await first.close();

    const second = await createDatabase({ dataDir });
    await migrateDatabase(second);
    const rows = await second.db.select().from(customers).where(eq(customers.handle, 'persisted'));
    await second.close();
    expect(rows.map((row) => row.inviteCode)).toEqual(['KEEP01']);
  });

  it('refuses to guess where the data goes', async () => {
    await expect(createDatabase({})).rejects.toThrow(/databaseUrl, dataDir or inMemory/);
  });
});
