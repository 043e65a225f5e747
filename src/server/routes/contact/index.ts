import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../errors.js';
import { requestLanguage } from '../../request-language.js';
import { contactSchema } from '../../../shared/schemas/contact.js';

/** The contact form: stored for the merchant, rate limited per address against floods. */
export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/contact', { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } }, bodyLimit: 16 * 1024 }, async (request, reply) => {
    const input = parseOr400(contactSchema, request.body);
    const { id } = await app.shop.db
      .insertInto('contact_messages')
      .values({
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        language: requestLanguage(request),
        handled: 0,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ id });
  });
}
