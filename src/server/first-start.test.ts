import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { seedProducts } from './db/seed/catalogue.js';
import { testDatabases } from './test-support.js';

/**
 * Two real shop processes (src/server/main.ts) started at the same moment on one empty database:
 * both serve, the demo catalogue is seeded once, and both sign order links with the one secret.
 */
describe.each(testDatabases)('a first start of two processes at once on $name', ({ name }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-first-start-'));
  const schema = `t_first_${crypto.randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  // What each process wrote (errors only, at LOG_LEVEL=error), shown when it exits early.
  const errors = new Map<ChildProcess, string>();
  afterEach(async () => {
    for (const child of children) child.kill('SIGKILL');
    if (name === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function start(port: number): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: name === 'postgres' ? process.env.TEST_DATABASE_URL : `sqlite:${path.join(dir, 'shop.sqlite')}`,
        PG_SCHEMA: name === 'postgres' ? schema : '',
        DATA_DIR: dir,
        UPLOAD_DIR: path.join(dir, `uploads-${port}`),
        IMAGE_DIR: path.resolve('data/test-images'),
        LOG_LEVEL: 'error',
        CLIENT_DIR: path.join(dir, 'no-client'),
        SSR_ENTRY: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    errors.set(child, '');
    const keep = (chunk: Buffer) => errors.set(child, (errors.get(child)! + chunk.toString()).slice(-4000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return child;
  }

  async function healthy(port: number, child: ChildProcess): Promise<void> {
    for (let i = 0; i < 1200; i++) {
      if (child.exitCode !== null) throw new Error(`the process on ${port} exited with ${child.exitCode}:\n${errors.get(child)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the process on ${port} did not start`);
  }

  it('both serve, with one demo catalogue and one secret', async () => {
    const ports = name === 'postgres' ? [4395, 4396] : [4397, 4398];
    const [a, b] = ports.map(start);
    await Promise.all([healthy(ports[0]!, a!), healthy(ports[1]!, b!)]);
    for (const port of ports) {
      const list = (await (await fetch(`http://127.0.0.1:${port}/api/products?pageSize=1`)).json()) as { total: number };
      expect(list.total).toBe(seedProducts.length);
    }
    // A guest's order placed through one process opens through the other: both know the one secret.
    const list = (await (await fetch(`http://127.0.0.1:${ports[0]}/api/products?pageSize=100`)).json()) as {
      items: Array<{ id: number; stock: number; variants: unknown[] }>;
    };
    const product = list.items.find((p) => p.variants.length === 0 && p.stock > 0)!;
    const placed = await fetch(`http://127.0.0.1:${ports[0]}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `first-start-${schema}` },
      body: JSON.stringify({
        fullName: 'Mona Adel',
        phone: '+20 100 555 0199',
        governorate: 'CAI',
        city: 'Maadi',
        address: '14 Road 9, flat 2',
        paymentMethod: 'cod',
        lines: [{ productId: product.id, quantity: 1 }],
      }),
    });
    expect(placed.status).toBe(201);
    const { order, accessToken } = (await placed.json()) as { order: { number: string }; accessToken: string };
    for (const port of ports) {
      const opened = await fetch(`http://127.0.0.1:${port}/api/orders/${order.number}?token=${accessToken}`);
      expect(opened.status, `order link through port ${port}`).toBe(200);
    }
  });
});
