import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../params.js';
import { notFound, parseOr400 } from '../../errors.js';
import { deleteMessage, listMessages, setMessageHandled } from '../../repositories/message-repository.js';
import { messageFilters, messageUpdateSchema, type MessagePage } from '../../../shared/schemas/admin-dashboard.js';

const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    filter: z.enum(messageFilters).default('all'),
  })
  .strict();

/** The contact-form inbox: list (all or unread), mark read or unread, delete. */
export default async function adminMessageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.shop.db;

  app.get('/api/admin/messages', async (request): Promise<MessagePage> => {
    const q = parseOr400(pageQuery, request.query);
    const found = await listMessages(db, q);
    return { ...found, page: q.page, pageSize: q.pageSize };
  });

  app.patch('/api/admin/messages/:id', async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const { handled } = parseOr400(messageUpdateSchema, request.body);
    const message = await setMessageHandled(db, id, handled);
    if (!message) throw notFound('message_not_found', 'No such message.');
    return message;
  });

  app.delete('/api/admin/messages/:id', async (request, reply) => {
    const { id } = parseOr400(idParams, request.params);
    if (!(await deleteMessage(db, id))) throw notFound('message_not_found', 'No such message.');
    return reply.status(204).send();
  });
}
