import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import Papa from 'papaparse';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { AppError, notFound } from '../../errors.js';
import { requestLanguage } from '../../request-language.js';
import { getAdminProduct, listAdminProducts } from '../../repositories/admin-product-list-repository.js';
import { allRecords } from '../../repositories/product-record-repository.js';
import { productCsvColumns, productRows } from '../../../shared/domain/product-csv.js';
import { publicOrigin } from '../../public-origin.js';
import { deleteProduct, saveProduct } from '../../use-cases/catalogue.js';
import { bulkEditProducts } from '../../use-cases/product-bulk.js';
import { requestContext } from '../../use-cases/use-case.js';
import { storeUpload } from '../../services/image-upload-service.js';
import {
  adminBulkEditSchema,
  adminBulkResultSchema,
  adminProductDetailSchema,
  adminProductListSchema,
  adminProductQuerySchema,
  adminProductSchema,
  MAX_UPLOAD_BYTES,
  savedIdSchema,
  uploadedImageSchema,
  uploadQuerySchema,
} from '../../../shared/schemas/admin-product.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'catalogue.read' } as const;
const write = { permission: 'catalogue.write' } as const;

/** Products for the merchant: list, create, edit, delete, bulk edit, images, CSV. */
const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  // One file per request, at most 8 MB; the shop's JSON body limit stays small everywhere else.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/api/admin/products',
    { config: read, schema: { querystring: adminProductQuerySchema, response: { 200: adminProductListSchema } } },
    async (request) => {
      const query = request.query;
      const { items, total } = await listAdminProducts(app.shop.db, query, requestLanguage(request, query.lng));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  );

  // Text for a spreadsheet, not JSON: no response schema. The columns and cells are the import's (decision 040).
  app.get('/api/admin/products.csv', { config: read }, async (request, reply) => {
    const origin = publicOrigin(request, app.shop.config);
    const db = app.shop.db;
    async function* lines() {
      // A byte-order mark so spreadsheet programs read the Arabic names as UTF-8.
      yield `\uFEFF${Papa.unparse([[...productCsvColumns]])}\r\n`;
      for await (const chunk of allRecords(db)) {
        const rows = chunk.flatMap(({ record, largest }) =>
          productRows({ ...record, images: record.images.map((base) => `${origin}${base}-${largest[base] ?? 800}.webp`) }),
        );
        yield `${Papa.unparse(rows, { newline: '\r\n' })}\r\n`;
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="products-${day}.csv"`).send(Readable.from(lines()));
  });

  app.get('/api/admin/products/:id', { config: read, schema: { params: idParams, response: { 200: adminProductDetailSchema } } }, async (request) => {
    const product = await getAdminProduct(app.shop.db, request.params.id);
    if (!product) throw notFound('product_not_found', 'This product does not exist.');
    return product;
  });

  app.post('/api/admin/products', { config: write, schema: { body: adminProductSchema, response: { 201: savedIdSchema } } }, async (request, reply) => {
    const id = await saveProduct(await requestContext(request), { product: request.body });
    return reply.status(201).send({ id });
  });

  app.put(
    '/api/admin/products/:id',
    { config: write, schema: { params: idParams, body: adminProductSchema, response: { 200: savedIdSchema } } },
    async (request) => {
      const { id } = request.params;
      await saveProduct(await requestContext(request), { id, product: request.body });
      return { id };
    },
  );

  app.delete('/api/admin/products/:id', { config: write, schema: { params: idParams, response: { 204: z.undefined() } } }, async (request, reply) => {
    const { id } = request.params;
    if (!(await deleteProduct(await requestContext(request), { id }))) throw notFound('product_not_found', 'This product does not exist.');
    return reply.status(204).send();
  });

  // One change to many products, selected by id or by the list's filters (decision 041).
  app.post('/api/admin/products/bulk', { config: write, schema: { body: adminBulkEditSchema, response: { 200: adminBulkResultSchema } } }, async (request) =>
    bulkEditProducts(await requestContext(request), request.body),
  );

  // The body is multipart, read by @fastify/multipart below: only the query and the answer have schemas.
  app.post(
    '/api/admin/uploads',
    { config: write, schema: { querystring: uploadQuerySchema, response: { 201: z.object({ image: uploadedImageSchema }) } } },
    async (request, reply) => {
      const { kind } = request.query;
      if (!request.isMultipart()) throw new AppError(400, 'image_required', 'Send one picture as multipart/form-data.');
      let data: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new AppError(400, 'image_required', 'Send one picture as multipart/form-data.');
        data = await file.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'too_large', 'The picture is larger than 8 MB.');
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(400, 'image_required', 'Send one picture at a time.');
        throw err;
      }
      const image = await storeUpload(app.shop.pictures, data, kind);
      return reply.status(201).send({ image });
    },
  );
};

export default adminProductRoutes;
