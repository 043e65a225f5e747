import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../request-language.js';
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
    },
  );
};

export default contactRoutes;
