import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { idParams } from '../../../shared/schemas/params.js';
import { importRowListSchema, importRowsQuerySchema, importRunSchema, MAX_IMPORT_BYTES } from '../../../shared/schemas/product-import.js';
import { AppError } from '../../errors.js';
import { listImportRows } from '../../repositories/catalogue-import-repository.js';
import { importRun, previewImport, startImport } from '../../use-cases/catalogue-import.js';
import { requestContext } from '../../use-cases/use-case.js';

// Every step of an import changes or prepares a change of the catalogue (decision 030).
const write = { permission: 'catalogue.write' } as const;

const tooLarge = () => new AppError(413, 'import_too_large', 'This file is larger than 10 MB: split it into smaller files.');

/** The catalogue import (issue 32, decision 040): upload and preview, apply, progress and report. */
const productImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 2, parts: 3 } });

  // The body is multipart (one CSV file), read below: only the answer has a schema.
  app.post('/api/admin/product-imports', { config: write, schema: { response: { 201: importRunSchema } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(400, 'import_file_invalid', 'Send one CSV file as multipart/form-data.');
    let bytes: Buffer;
    let fileName: string;
    try {
      const file = await request.file();
      if (!file) throw new AppError(400, 'import_file_invalid', 'Send one CSV file as multipart/form-data.');
      // Control characters out of the name shown in the list (the file itself is never stored).
      fileName = [...file.filename]
        .filter((c) => c.charCodeAt(0) >= 32)
        .join('')
        .trim();
      bytes = await file.toBuffer();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(400, 'import_file_invalid', 'Send one file at a time.');
      throw err;
    }
    const run = await previewImport(await requestContext(request), { fileName, bytes });
    return reply.status(201).send(run);
  });

  app.get('/api/admin/product-imports/:id', { config: write, schema: { params: idParams, response: { 200: importRunSchema } } }, async (request) =>
    importRun(app.shop, request.params.id),
  );

  app.get(
    '/api/admin/product-imports/:id/rows',
    { config: write, schema: { params: idParams, querystring: importRowsQuerySchema, response: { 200: importRowListSchema } } },
    async (request) => {
      const { id } = request.params;
      const { view, page, pageSize } = request.query;
      await importRun(app.shop, id);
      const { items, total } = await listImportRows(app.shop.db, id, view, page, pageSize);
      return { items, total, page, pageSize };
    },
  );

  app.post(
    '/api/admin/product-imports/:id/apply',
    { config: write, schema: { params: idParams, response: { 202: importRunSchema } } },
    async (request, reply) => {
      const run = await startImport(await requestContext(request), { id: request.params.id });
      return reply.status(202).send(run);
    },
  );
};

export default productImportRoutes;
