import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lngQuery } from '../../../shared/schemas/params.js';
import { requestLanguage } from '../../request-language.js';
import { listCategories } from '../../repositories/catalog-repository.js';
import { categorySchema, type Category } from '../../../shared/schemas/product.js';

const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/categories', { schema: { querystring: lngQuery, response: { 200: z.object({ items: z.array(categorySchema) }) } } }, async (request) => {
    const language = requestLanguage(request, request.query.lng);
    const rows = await listCategories(app.shop.db);
    const items: Category[] = rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: (language !== 'en' && r[`name_${language}`]) || r.name_en,
      image: r.image,
      sortOrder: r.sort_order,
      productCount: r.product_count,
    }));
    return { items };
  });
};

export default categoryRoutes;
