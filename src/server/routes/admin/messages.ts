import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../errors.js';
import { toIso } from '../../db/database.js';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(25) }).strict();

/** The contact-form inbox. */
export default async function adminMessageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.shop.db;

  app.get('/api/admin/messages', async (request) => {
    const q = parseOr400(pageQuery, request.query);
    const [{ count }, rows] = await Promise.all([
      db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('contact_messages')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
    ]);
    return {
      items: rows.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        handled: m.handled === 1,
        createdAt: toIso(m.created_at),
      })),
      total: Number(count),
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}
