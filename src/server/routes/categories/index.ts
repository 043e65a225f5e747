import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../errors.js';
import { requestLanguage } from '../../request-language.js';
import { listCategories } from '../../repositories/catalog-repository.js';
import type { Category } from '../../../shared/schemas/product.js';

const lngQuery = z.object({ lng: z.string().max(10).optional() }).strict();

export default async function categoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/categories', async (request) => {
    const { lng } = parseOr400(lngQuery, request.query);
    const language = requestLanguage(request, lng);
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
}
