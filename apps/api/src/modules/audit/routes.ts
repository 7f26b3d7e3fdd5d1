import { exportAuditRoute, listAuditRoute } from '@ojo/api-contract/audit';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { auditCsv } from './audit-csv';
import { findAuditEntries, listAuditEntries } from './list-audit-entries';

/** The audit log's console calls (docs/console.md): the list and the CSV export; their role is declared with them. */
const auditRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app) => {
  registerRoute(app, listAuditRoute, async (request) => listAuditEntries(app.db, request.query));

  registerRoute(app, exportAuditRoute, async (request, reply) => {
    reply.header('content-disposition', 'attachment; filename="audit-log.csv"');
    return auditCsv(await findAuditEntries(app.db, request.query));
  });
};

export default auditRoutes;
