import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notModified } from '../http-cache.js';

/**
 * A year, immutable: a picture's URL names one content forever (uploads get a fresh name each
 * time, demo pictures keep their first content; decision 015), so browsers and a CDN in front of
 * the shop may keep it without asking again.
 */
export const pictureCacheControl = 'public, max-age=31536000, immutable';

/**
 * Serves `/images/*` (demo pictures) and `/uploads/*` (merchant uploads) from the shop's picture
 * store, whichever it is (disk, database or S3), through this process's bounded cache: one code
 * path for every store. GET and HEAD (Fastify adds HEAD for each GET), with an ETag made from the
 * content and 304 for a matching If-None-Match; a missing picture is a plain-text 404.
 */
async function pictureRoutes(app: FastifyInstance): Promise<void> {
  const serve = (folder: 'images' | 'uploads') => async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const picture = await app.shop.pictureCache.get(`${folder}/${request.params['*']}`);
    if (!picture) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    reply.header('Cache-Control', pictureCacheControl).header('ETag', picture.etag);
    if (notModified(request.headers['if-none-match'], picture.etag)) return reply.status(304).send();
    return reply.type(picture.contentType).send(picture.bytes);
  };
  // WebP is compressed already: @fastify/compress has nothing to do on these, the busiest routes.
  app.get('/images/*', { compress: false }, serve('images'));
  app.get('/uploads/*', { compress: false }, serve('uploads'));
}

export default fp(pictureRoutes, { name: 'pictures' });
