import type { AuditEntry } from '@ojo/db/schema/audit-log';

const COLUMNS = [
  'id',
  'at',
  'operator_id',
  'operator_address',
  'action',
  'target',
  'before',
  'after',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. A field that a spreadsheet would
 * run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe (OWASP CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The audit log as CSV: a header row, then one row per entry, times as ISO 8601 UTC, before and after as JSON. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) =>
    [
      String(entry.id),
      entry.at.toISOString(),
      entry.operatorId,
      entry.operatorAddress,
      entry.action,
      entry.target,
      json(entry.before),
      json(entry.after),
    ].map(csvField),
  );
  return [COLUMNS.join(','), ...rows.map((row) => row.join(','))].map((line) => `${line}\r\n`).join('');
}
