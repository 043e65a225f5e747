import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, orderNumberParams } from '../../../shared/schemas/params.js';
import { MAX_UPLOAD_BYTES } from '../../../shared/schemas/admin-product.js';
import {
  productReviewsQuerySchema,
  productReviewsSchema,
  reviewInputSchema,
  reviewLinkQuerySchema,
  reviewOrderSchema,
} from '../../../shared/schemas/review.js';
import { MAX_REVIEW_PHOTOS } from '../../../shared/domain/reviews.js';
import { readPhotoForm } from '../../photo-form.js';
import { anonymousDevice } from '../../anonymous-device.js';
import { productReviews, reviewOrder, submitReview, voteHelpful } from '../../use-cases/reviews.js';
import { requestContext } from '../../use-cases/use-case.js';

/** The cookie that tells one browser's "helpful" votes from another's. */
const DEVICE_COOKIE = { name: 'review-device', path: '/api/reviews' };

/**
 * Reviews in the shop (issue 31, decision 038): the buyer's review link (its order, and sending a
 * review with up to three photos in one multipart request), a product's published reviews, and
 * "Was this helpful?". Sending and voting are limited per address.
 */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_REVIEW_PHOTOS, fields: 10, parts: 10 + MAX_REVIEW_PHOTOS } });

  app.get(
    '/api/reviews/:number',
    {
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: { params: orderNumberParams, querystring: reviewLinkQuerySchema, response: { 200: reviewOrderSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reviewOrder(await requestContext(request), request.params.number, request.query);
    },
  );

  // The body is multipart (the review's fields and up to three photos), read below: only the
  // params, the query and the answer have schemas.
  app.post(
    '/api/reviews/:number',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        params: orderNumberParams,
        querystring: reviewLinkQuerySchema,
        response: { 201: z.object({ id: z.number().int(), status: z.enum(['pending', 'published']) }) },
      },
    },
    async (request, reply) => {
      const { input, photos } = await readPhotoForm(request, reviewInputSchema, { maxPhotos: MAX_REVIEW_PHOTOS, what: 'review' });
      const { lng: _lng, ...link } = request.query;
      const saved = await submitReview(await requestContext(request), { number: request.params.number, link, input, photos });
      return reply.status(201).send(saved);
    },
  );

  app.post(
    '/api/reviews/:id/helpful',
    {
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: { params: idParams, response: { 200: z.object({ helpful: z.number().int(), counted: z.boolean() }) } },
    },
    async (request, reply) => {
      const device = anonymousDevice(request, reply, DEVICE_COOKIE);
      return voteHelpful(await requestContext(request), request.params.id, device);
    },
  );

  app.get(
    '/api/products/:id/reviews',
    { schema: { params: idParams, querystring: productReviewsQuerySchema, response: { 200: productReviewsSchema } } },
    async (request) => productReviews(await requestContext(request), request.params.id, request.query),
  );
};

export default reviewRoutes;
