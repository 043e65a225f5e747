import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test-support.js';

/**
 * Under load the shop spends its time on the work: a successful request writes no log line at
 * info (access logs are the balancer's job); a slow or failed one writes one line saying what.
 */
describe('request logging', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  async function appLogging(slowRequestMs: number) {
    const lines: Array<Record<string, unknown>> = [];
    const built = await buildTestApp(
      'sqlite',
      { logLevel: 'info', slowRequestMs },
      { logger: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
    closers.push(built.close);
    lines.length = 0;
    return { app: built.app, lines };
  }

  it('writes nothing for successful requests at info level', async () => {
    const { app, lines } = await appLogging(60_000);
    for (const url of ['/api/products', '/api/categories', '/api/health']) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it('writes one line for a slow answer, with its method, URL, status and time', async () => {
    const { app, lines } = await appLogging(0);
    await app.inject({ method: 'GET', url: '/api/categories' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, method: 'GET', url: '/api/categories', status: 200, msg: 'slow or failed request' });
    expect(typeof lines[0]!.ms).toBe('number');
  });
});
