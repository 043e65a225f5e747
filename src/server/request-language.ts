import type { FastifyRequest } from 'fastify';
import { acceptedLanguage, fallbackLanguage, languageCookie, normalizeLanguage, type Language } from '../shared/domain/languages.js';

/**
 * The language of a request, as the browser's detector would pick it, for the API and the server
 * render alike: `explicit` (a `?lng=` the caller read), else the language cookie, else the
 * Accept-Language tag with the highest weight that the shop speaks, else the fallback.
 */
export function requestLanguage(request: FastifyRequest, explicit?: string): Language {
  if (explicit) return normalizeLanguage(explicit);
  const cookie = request.cookies?.[languageCookie];
  if (cookie) return normalizeLanguage(cookie);
  return acceptedLanguage(request.headers['accept-language']) ?? fallbackLanguage;
}
