import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, idSchema } from '../params.js';
import { notFound, parseOr400 } from '../../errors.js';
import { listAdminCategories } from '../../repositories/admin-catalog-repository.js';
import { createCategory, editCategory, removeCategory } from '../../services/admin-catalog-service.js';
import { adminCategorySchema } from '../../../shared/schemas/admin-product.js';

const deleteQuery = z.object({ moveTo: idSchema.optional() }).strict();

/** Categories for the merchant. */
export default async function adminCategoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/categories', async () => ({ items: await listAdminCategories(app.shop.db) }));

  app.get('/api/admin/categories/:id', async (request) => {
    const params = parseOr400(idParams, request.params);
    const [category] = await listAdminCategories(app.shop.db, params.id);
    if (!category) throw notFound('category_not_found', 'This category does not exist.');
    return category;
  });

  app.post('/api/admin/categories', async (request, reply) => {
    const input = parseOr400(adminCategorySchema, request.body);
    return reply.status(201).send({ id: await createCategory(app.shop, input) });
  });

  app.put('/api/admin/categories/:id', async (request) => {
    const params = parseOr400(idParams, request.params);
    const input = parseOr400(adminCategorySchema, request.body);
    await editCategory(app.shop, params.id, input);
    return { id: params.id };
  });

  app.delete('/api/admin/categories/:id', async (request, reply) => {
    const params = parseOr400(idParams, request.params);
    const { moveTo } = parseOr400(deleteQuery, request.query);
    await removeCategory(app.shop, params.id, moveTo);
    return reply.status(204).send();
  });
}
