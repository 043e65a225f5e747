import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../params.js';
import { notFound, parseOr400 } from '../../errors.js';
import { requestLanguage } from '../../request-language.js';
import { productQuerySchema } from '../../../shared/schemas/product.js';
import { negotiate } from '@fastify/accept-negotiator';
import type { ListingEncoding } from '../../services/catalog-service.js';

/** The compression to answer a listing with for an Accept-Encoding header: brotli, then gzip, else none. */
export const listingEncoding = (acceptEncoding: string | undefined): ListingEncoding | null =>
  acceptEncoding ? (negotiate(acceptEncoding, ['br', 'gzip']) as ListingEncoding | null) : null;

const lngQuery = z.object({ lng: z.string().max(10).optional() }).strict();

export default async function productRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/products', async (request, reply) => {
    const query = parseOr400(productQuerySchema, request.query);
    const answer = await app.shop.catalog.queryEncoded(requestLanguage(request, query.lng), query, listingEncoding(request.headers['accept-encoding']));
    reply.header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    if (answer.encoding) reply.header('Content-Encoding', answer.encoding);
    return reply.send(answer.body);
  });

  app.get('/api/products/:id', async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const { lng } = parseOr400(lngQuery, request.query);
    const product = await app.shop.catalog.product(id, requestLanguage(request, lng));
    if (!product) throw notFound('product_not_found', 'This product does not exist or is no longer sold.');
    return product;
  });
}
