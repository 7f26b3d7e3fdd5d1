import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/**
 * The audit log (docs/console.md): every change made through the console, append-only, searchable and exported as
 * CSV. Times are ms since the epoch.
 */

/** The filters of the list and of the export. */
export const auditFilter = z.object({
  operatorId: z.string().max(MAX.key).uuid().optional(),
  /** An exact action, e.g. `operator:add`. */
  action: z.string().min(1).max(100).optional(),
  /** From this time, included (ms since the epoch). */
  from: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
  /** Before this time, excluded. */
  to: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
  /** Case-insensitive text found in the operator's address, the action, the target, or the before or after JSON. */
  text: z.string().min(1).max(200).optional(),
});
export type AuditFilter = z.infer<typeof auditFilter>;

export const AUDIT_PAGE_MAX = 200;

export const auditEntryView = z
  .object({
    id: z.number().int().min(1),
    at: z.number().int(),
    operatorId: z.string().max(MAX.key).uuid(),
    operatorAddress: z.string().max(MAX.address),
    action: z.string().max(100),
    target: z.string().max(MAX.name),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryView = z.infer<typeof auditEntryView>;

/** `GET /console/audit`: newest first; pass `nextBefore` as `before` for the next page. */
export const listAuditRoute = defineRoute({
  method: 'GET',
  path: '/console/audit',
  host: 'customer',
  envelope: 'data',
  secure: false,
  console: 'operator',
  summary: 'The audit log, newest first, filtered and paged',
  tags: ['console'],
  query: auditFilter.extend({
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
    /** Entries with a smaller id than this (the previous page's `nextBefore`). */
    before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  result: z
    .object({
      entries: z.array(auditEntryView).max(AUDIT_PAGE_MAX),
      /** null on the last page. */
      nextBefore: z.number().int().nullable(),
    })
    .meta({ id: 'AuditPage' }),
});

/** `GET /console/audit/export`: every entry the filters select, oldest first, as CSV. */
export const exportAuditRoute = defineRoute({
  method: 'GET',
  path: '/console/audit/export',
  host: 'customer',
  envelope: 'csv',
  secure: false,
  console: 'operator',
  summary: 'The audit log as CSV, with the same filters as the list',
  tags: ['console'],
  query: auditFilter,
  result: z.string().max(64 * MAX.blob),
});

export const AUDIT_ROUTES = [listAuditRoute, exportAuditRoute] as const;
