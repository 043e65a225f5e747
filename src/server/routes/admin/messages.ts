import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { notFound } from '../../errors.js';
import { deleteMessage, listMessages, setMessageHandled } from '../../repositories/message-repository.js';
import { contactMessageSchema, messageFilters, messagePageSchema, messageUpdateSchema } from '../../../shared/schemas/admin-dashboard.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'messages.read' } as const;
const update = { permission: 'messages.update' } as const;

const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    filter: z.enum(messageFilters).default('all'),
  })
  .strict();

/** The contact-form inbox: list (all or unread), mark read or unread, delete. */
const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.shop.db;

  app.get('/api/admin/messages', { config: read, schema: { querystring: pageQuery, response: { 200: messagePageSchema } } }, async (request) => {
    const q = request.query;
    const found = await listMessages(db, q);
    return { ...found, page: q.page, pageSize: q.pageSize };
  });

  app.patch(
    '/api/admin/messages/:id',
    { config: update, schema: { params: idParams, body: messageUpdateSchema, response: { 200: contactMessageSchema } } },
    async (request) => {
      const message = await setMessageHandled(db, request.params.id, request.body.handled);
      if (!message) throw notFound('message_not_found', 'No such message.');
      return message;
    },
  );

  app.delete('/api/admin/messages/:id', { config: update, schema: { params: idParams, response: { 204: z.undefined() } } }, async (request, reply) => {
    if (!(await deleteMessage(db, request.params.id))) throw notFound('message_not_found', 'No such message.');
    return reply.status(204).send();
  });
};

export default adminMessageRoutes;
