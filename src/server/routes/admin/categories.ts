import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { notFound } from '../../errors.js';
import { listAdminCategories } from '../../repositories/admin-catalog-repository.js';
import { createCategory, editCategory, removeCategory } from '../../use-cases/catalogue.js';
import { requestContext } from '../../use-cases/use-case.js';
import { adminCategoryDetailSchema, adminCategorySchema, categoryDeleteQuerySchema, savedIdSchema } from '../../../shared/schemas/admin-product.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'catalogue.read' } as const;
const write = { permission: 'catalogue.write' } as const;

/** Categories for the merchant. */
const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/categories', { config: read, schema: { response: { 200: z.object({ items: z.array(adminCategoryDetailSchema) }) } } }, async () => ({
    items: await listAdminCategories(app.shop.db),
  }));

  app.get('/api/admin/categories/:id', { config: read, schema: { params: idParams, response: { 200: adminCategoryDetailSchema } } }, async (request) => {
    const [category] = await listAdminCategories(app.shop.db, request.params.id);
    if (!category) throw notFound('category_not_found', 'This category does not exist.');
    return category;
  });

  app.post('/api/admin/categories', { config: write, schema: { body: adminCategorySchema, response: { 201: savedIdSchema } } }, async (request, reply) => {
    return reply.status(201).send({ id: await createCategory(await requestContext(request), request.body) });
  });

  app.put(
    '/api/admin/categories/:id',
    { config: write, schema: { params: idParams, body: adminCategorySchema, response: { 200: savedIdSchema } } },
    async (request) => {
      await editCategory(await requestContext(request), { id: request.params.id, category: request.body });
      return { id: request.params.id };
    },
  );

  app.delete(
    '/api/admin/categories/:id',
    { config: write, schema: { params: idParams, querystring: categoryDeleteQuerySchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await removeCategory(await requestContext(request), { id: request.params.id, moveTo: request.query.moveTo });
      return reply.status(204).send();
    },
  );
};

export default adminCategoryRoutes;
