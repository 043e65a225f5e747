import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lngQuery } from '../../../shared/schemas/params.js';
import { codeCheckResultSchema, codeCheckSchema, offersSchema } from '../../../shared/schemas/promotion.js';
import { checkCode } from '../../use-cases/promotions.js';
import { requestContext } from '../../use-cases/use-case.js';
import { requestLanguage } from '../../request-language.js';
import { anonymousDevice } from '../../anonymous-device.js';

/** The cookie that tells one browser's code attempts from another's behind the same address (codeGuessPolicy). */
const DEVICE_COOKIE = { name: 'promo-device', path: '/api/promotions' };

/**
 * The storefront's promotions: the automatic offers running now (the cart and checkout quote with
 * them, named in the page's language), and "Apply" for a code.
 */
const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/promotions', { schema: { querystring: lngQuery, response: { 200: offersSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { items: await app.shop.promotions.automaticRules(requestLanguage(request, request.query.lng), new Date()) };
  });

  app.post('/api/promotions/code', { schema: { body: codeCheckSchema, response: { 200: codeCheckResultSchema } } }, async (request, reply) => {
    const device = anonymousDevice(request, reply, DEVICE_COOKIE);
    return checkCode(await requestContext(request), { ...request.body, device });
  });
};

export default promotionRoutes;
