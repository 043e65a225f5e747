import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Readiness: answers 200 only when the database answers. */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => {
    await sql`select 1`.execute(app.shop.db);
    return { status: 'ok', database: app.shop.dialect };
  });
}
