import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../request-language.js';
import { insertMessage } from '../../repositories/message-repository.js';
import { contactSchema } from '../../../shared/schemas/contact.js';

/** The contact form: stored for the merchant, rate limited per address against floods. */
const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      bodyLimit: 16 * 1024,
      schema: { body: contactSchema, response: { 201: z.object({ id: z.number() }) } },
    },
    async (request, reply) => {
      const input = request.body;
      const id = await insertMessage(app.shop.db, { ...input, language: requestLanguage(request), createdAt: new Date().toISOString() });
      return reply.status(201).send({ id });
    },
  );
};

export default contactRoutes;
