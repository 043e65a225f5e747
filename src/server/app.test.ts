import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, testDatabases } from './test-support.js';

describe.each(testDatabases)('server on $name', ({ name }) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-client-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1);'.repeat(200));
    const built = await buildTestApp(name, { clientDir });
    app = built.app;
    close = built.close;
  });
  afterAll(async () => {
    await close?.();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('reports health with the database kind', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: name, storage: 'ok', catalogue: 'ok', eventLoop: 'ok', serving: 'ok' });
  });

  it('serves index.html for client routes and JSON 404 for unknown API paths', async () => {
    const page = await app.inject({ method: 'GET', url: '/product/12' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: expect.stringContaining('/api/nothing-here') } });
    const asset = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No referrer for other sites; the shop's own form posts keep their Origin (not `null`), which the Origin rule needs.
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('rejects a cross-site state-changing request and an oversized body', async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('bad_origin');
    const big = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(300 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('too_large');
  });

  it('serves the public settings with currency rates against EGP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.shopName).toBe('Nasma');
    expect(body.currencyRates.EGP).toBe(1);
    expect(body.currencyRates.USD).toBeGreaterThan(0);
  });

  it('keeps a seeded database when built again (no duplicate seeding)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products?pageSize=1' });
    expect(res.json().total).toBeGreaterThanOrEqual(40);
  });
});
