import type { AuditEntryView, AuditFilter } from '@ojo/api-contract/audit';
import type { Database } from '@ojo/db/client';
import { type AuditEntry, auditLog } from '@ojo/db/schema/audit-log';
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from '@ojo/db/sql';

/** `%`, `_` and `\` match themselves in the text filter: it finds the text, it is no pattern language. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The conditions of a filter (the list and the export share them). */
function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.operatorId) conditions.push(eq(auditLog.operatorId, filter.operatorId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from !== undefined) conditions.push(gte(auditLog.at, new Date(filter.from)));
  if (filter.to !== undefined) conditions.push(lt(auditLog.at, new Date(filter.to)));
  if (filter.text) {
    const pattern = likeText(filter.text);
    const found = or(
      ilike(auditLog.operatorAddress, pattern),
      ilike(auditLog.action, pattern),
      ilike(auditLog.target, pattern),
      ilike(sql`coalesce(${auditLog.before}::text, '')`, pattern),
      ilike(sql`coalesce(${auditLog.after}::text, '')`, pattern),
    );
    if (found) conditions.push(found);
  }
  return conditions;
}

export function auditEntryViewOf(row: AuditEntry): AuditEntryView {
  return {
    id: row.id,
    at: row.at.getTime(),
    operatorId: row.operatorId,
    operatorAddress: row.operatorAddress,
    action: row.action,
    target: row.target,
    before: row.before,
    after: row.after,
  };
}

/** A page of the audit log, newest first; `nextBefore` continues it (null on the last page). */
export async function listAuditEntries(
  db: Database,
  filter: AuditFilter & { limit: number; before?: number },
): Promise<{ entries: AuditEntryView[]; nextBefore: number | null }> {
  const conditions = conditionsOf(filter);
  if (filter.before !== undefined) conditions.push(lt(auditLog.id, filter.before));
  // One more than the page tells whether another page follows.
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    entries: page.map(auditEntryViewOf),
    nextBefore: rows.length > filter.limit && last ? last.id : null,
  };
}

/** Every entry the filter selects, oldest first (the CSV export). */
export async function findAuditEntries(db: Database, filter: AuditFilter): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(...conditionsOf(filter)))
    .orderBy(asc(auditLog.id));
}
