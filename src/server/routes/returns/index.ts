import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderNumberParams } from '../../../shared/schemas/params.js';
import { MAX_UPLOAD_BYTES } from '../../../shared/schemas/admin-product.js';
import { orderReturnsSchema, returnRequestSchema, shopperReturnSchema } from '../../../shared/schemas/returns.js';
import { MAX_RETURN_PHOTOS } from '../../../shared/domain/returns.js';
import { readPhotoForm } from '../../photo-form.js';
import { orderReturns, requestReturn } from '../../use-cases/returns.js';
import { requestContext } from '../../use-cases/use-case.js';

/** The order's private link token; without it, the signed-in owner of the order. */
const accessQuery = z.object({ token: z.string().min(10).max(100).optional() }).strict();

/**
 * A shopper's returns of an order (issue 33, decision 043), through the order's private link or
 * signed in as its owner, as `GET /api/orders/:number` authorises: what may be asked back and the
 * order's returns, and the request with up to three photos in one multipart request (the review
 * form's limits). Requests are limited per address.
 */
const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_RETURN_PHOTOS, fields: 10, parts: 10 + MAX_RETURN_PHOTOS } });

  app.get(
    '/api/orders/:number/returns',
    {
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: { params: orderNumberParams, querystring: accessQuery, response: { 200: orderReturnsSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return orderReturns(await requestContext(request), request.params.number, request.query.token);
    },
  );

  // The body is multipart (the request's fields, `lines` as JSON, and up to three photos), read
  // below: only the params, the query and the answer have schemas.
  app.post(
    '/api/orders/:number/returns',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { params: orderNumberParams, querystring: accessQuery, response: { 201: shopperReturnSchema } },
    },
    async (request, reply) => {
      const { input, photos } = await readPhotoForm(request, returnRequestSchema, { maxPhotos: MAX_RETURN_PHOTOS, what: 'return' });
      const made = await requestReturn(await requestContext(request), {
        number: request.params.number,
        token: request.query.token,
        input,
        photos,
      });
      return reply.status(201).send(made);
    },
  );
};

export default returnRoutes;
