import type { Database, DatabaseHandle } from '@ojo/db/client';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle query interface (PGlite or PostgreSQL). */
    db: Database;
    /** The handle behind `db`; its lifecycle belongs to whoever created it (server.ts or a test). */
    database: DatabaseHandle;
  }
}

async function databasePlugin(app: FastifyInstance, options: { database: DatabaseHandle }): Promise<void> {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
}

export default fp(databasePlugin, { name: 'database' });
