import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './request-language.js';

const request = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) => ({ headers, cookies }) as unknown as FastifyRequest;

describe('requestLanguage: what the API and the server render answer in', () => {
  it('takes ?lng first, then the language cookie, then Accept-Language by weight, then English', () => {
    expect(requestLanguage(request(), 'ar')).toBe('ar');
    expect(requestLanguage(request(), 'fn')).toBe('fr');
    expect(requestLanguage(request({}, { i18next: 'de' }), 'fr')).toBe('fr');
    expect(requestLanguage(request({ 'accept-language': 'ar' }, { i18next: 'de' }))).toBe('de');
    expect(requestLanguage(request({ 'accept-language': 'ja;q=0.9, ar-EG;q=0.8, en;q=0.5' }))).toBe('ar');
    expect(requestLanguage(request({ 'accept-language': 'en;q=0.4, de-DE' }))).toBe('de');
    // The first tag alone would have said English; the shop speaks the second.
    expect(requestLanguage(request({ 'accept-language': 'es-ES, fr;q=0.8' }))).toBe('fr');
    expect(requestLanguage(request({ 'accept-language': 'ja' }))).toBe('en');
    expect(requestLanguage(request())).toBe('en');
  });
});
