import { z } from 'zod';
import { MAX } from './bounds';

/** `GET /healthz`: liveness of the API and of what it depends on. */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean() }),
  chain: z.object({ ok: z.boolean(), chainId: z.number().int().nullable() }),
  bundler: z.object({ ok: z.boolean(), entryPoints: z.array(z.string().max(MAX.key)).max(MAX.list) }),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

export const getHealthSchema = {
  summary: 'Health of the API, its database, the chain and the bundler',
  tags: ['system'],
  response: {
    200: healthReportSchema,
    503: healthReportSchema,
  },
};
