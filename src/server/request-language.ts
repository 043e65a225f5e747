import type { FastifyRequest } from 'fastify';
import { normalizeLanguage, type Language } from '../shared/domain/languages.js';

/** The language of a request: `?lng=`, else the first Accept-Language tag, else English. */
export function requestLanguage(request: FastifyRequest, explicit?: string): Language {
  if (explicit) return normalizeLanguage(explicit);
  const header = request.headers['accept-language'];
  return normalizeLanguage(header?.split(',')[0]);
}
