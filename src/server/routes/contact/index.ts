import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../errors.js';
import { requestLanguage } from '../../request-language.js';
import { insertMessage } from '../../repositories/message-repository.js';
import { contactSchema } from '../../../shared/schemas/contact.js';

/** The contact form: stored for the merchant, rate limited per address against floods. */
export default async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/contact', { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } }, bodyLimit: 16 * 1024 }, async (request, reply) => {
    const input = parseOr400(contactSchema, request.body);
    const id = await insertMessage(app.shop.db, { ...input, language: requestLanguage(request), createdAt: new Date().toISOString() });
    return reply.status(201).send({ id });
  });
}
