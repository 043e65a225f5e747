import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { adminReviewListSchema, adminReviewsQuerySchema, reviewRejectSchema, reviewReplySchema } from '../../../shared/schemas/review.js';
import { listReviewsForModeration, publishReview, rejectReview, replyToReview, reviewSettings, saveReviewSettings } from '../../use-cases/reviews.js';
import { requestContext } from '../../use-cases/use-case.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'reviews.read' } as const;
const write = { permission: 'reviews.write' } as const;

const settingsSchema = z.object({ autoPublish: z.boolean() });
const done = z.object({ ok: z.literal(true) });

/** Reviews for the merchant (issue 31): the moderation list, publish, reject with a reason, reply, and whether new reviews publish at once. */
const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/reviews', { config: read, schema: { querystring: adminReviewsQuerySchema, response: { 200: adminReviewListSchema } } }, async (request) =>
    listReviewsForModeration(await requestContext(request), request.query),
  );

  app.get('/api/admin/reviews/settings', { config: read, schema: { response: { 200: settingsSchema } } }, async (request) =>
    reviewSettings(await requestContext(request)),
  );

  app.put('/api/admin/reviews/settings', { config: write, schema: { body: settingsSchema, response: { 200: settingsSchema } } }, async (request) => {
    await saveReviewSettings(await requestContext(request), request.body);
    return request.body;
  });

  app.post('/api/admin/reviews/:id/publish', { config: write, schema: { params: idParams, response: { 200: done } } }, async (request) => {
    await publishReview(await requestContext(request), request.params.id);
    return { ok: true as const };
  });

  app.post(
    '/api/admin/reviews/:id/reject',
    { config: write, schema: { params: idParams, body: reviewRejectSchema, response: { 200: done } } },
    async (request) => {
      await rejectReview(await requestContext(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/admin/reviews/:id/reply',
    { config: write, schema: { params: idParams, body: reviewReplySchema, response: { 200: done } } },
    async (request) => {
      await replyToReview(await requestContext(request), request.params.id, request.body.text);
      return { ok: true as const };
    },
  );
};

export default adminReviewRoutes;
