import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pool: pg.Pool;
    db: Database;
  }
}

export default fp(
  async (app: FastifyInstance, options: { pool: pg.Pool; db: Database }) => {
    app.decorate('pool', options.pool);
    app.decorate('db', options.db);
  },
  { name: 'db' },
);
