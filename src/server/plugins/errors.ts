import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyRequests, validationError, type SchemaIssue } from '../errors.js';
import type { ApiErrorCode } from '../../shared/domain/error-codes.js';
import { storageFailure, storageRetryAfterSeconds } from './storage-health.js';

/** Codes for Fastify's own client errors, so the client can translate them. */
const fastifyCodes: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation',
};

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The request part a route schema checked, as sent (the provider reports where, not what was sent). */
function sentPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return undefined;
}

/**
 * One error shape for every failure: `{ error: { code, message, fields? } }`, never a stack.
 * A full or read-only disk or database answers 503 `storage_unavailable` with `Retry-After`, and
 * is recorded for /api/health until a write succeeds again.
 */
async function errorHandling(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    // A route schema refused the request: the same 400 and field codes the client translates.
    const err = hasZodFastifySchemaValidationErrors(caught)
      ? validationError(
          caught.validation.map((v): SchemaIssue => ({
            code: v.keyword,
            path: v.instancePath.split('/').slice(1).filter(Boolean),
            message: v.message ?? '',
            keys: v.params.keys as string[] | undefined,
          })),
          sentPart(request, caught.validationContext),
        )
      : caught;
    if (err instanceof AppError) {
      if (err instanceof TooManyRequests) void reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message, fields: err.fields, details: err.details } });
    }
    const storage = storageFailure(err);
    if (storage) {
      app.shop.storage.failed(err, storage, request.log);
      return reply
        .status(503)
        .header('retry-after', String(storageRetryAfterSeconds))
        .send({
          error: { code: 'storage_unavailable' satisfies ApiErrorCode, message: 'The shop cannot save anything right now. Please try again in a few minutes.' },
        });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: { code: 'internal' satisfies ApiErrorCode, message: 'Something went wrong on our side. Please try again.' } });
    }
    const code: ApiErrorCode =
      (err.code ? fastifyCodes[err.code] : undefined) ?? (status === 429 ? 'rate_limited' : status === 413 ? 'too_large' : 'bad_request');
    return reply.status(status).send({ error: { code, message: err.message } });
  });

  // A state-changing request that succeeded has written (an order, a session, a product...), so
  // storage takes writes again. (A logout without a session writes nothing; a later failure simply
  // starts a new burst.)
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 200 && reply.statusCode < 300 && writeMethods.has(request.method)) app.shop.storage.succeeded(request.log);
    done();
  });
}

/** Registered first, on the root instance (fastify-plugin), so every route and plugin uses it. */
export default fp(errorHandling, { name: 'errors' });
