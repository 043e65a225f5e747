import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../request-language.js';
import { addSubscriber } from '../../repositories/newsletter-repository.js';
import { newsletterSchema } from '../../../shared/schemas/newsletter.js';

/**
 * Newsletter sign-up: 201 for a new address, 200 with `already: true` for one we have (said kindly
 * by the client, never as an error). Rate limited per address.
 */
const newsletterAnswer = z.object({ already: z.boolean() });

const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/newsletter',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      bodyLimit: 4 * 1024,
      schema: { body: newsletterSchema, response: { 200: newsletterAnswer, 201: newsletterAnswer } },
    },
    async (request, reply) => {
      const { email } = request.body;
      const added = await addSubscriber(app.shop.db, { email, language: requestLanguage(request), createdAt: new Date().toISOString() });
      if (!added) return reply.status(200).send({ already: true });
      return reply.status(201).send({ already: false });
    },
  );
};

export default newsletterRoutes;
