import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * SIGTERM on the real server process (src/server/main.ts under tsx) while requests keep coming,
 * over keep-alive connections and over a new connection each: the process exits 0 within 10 s, and
 * every request is either answered (2xx, or 503 while closing) or refused before it was sent
 * (ECONNREFUSED). None is reset after it was sent. Behind a balancer that watches /api/health
 * (SHUTDOWN_DRAIN_MS), every request is answered.
 */
describe('graceful shutdown', () => {
  let child: ChildProcess | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-shutdown-'));
  afterEach(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(port: number, drainMs: number): Promise<ChildProcess> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        IMAGE_DIR: path.resolve('data/test-images'),
        LOG_LEVEL: 'error',
        CLIENT_DIR: path.join(dir, 'no-client'),
        SSR_ENTRY: '',
        SHUTDOWN_DRAIN_MS: String(drainMs),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 600; i++) {
      const ok = await new Promise<boolean>((resolve) => {
        http.get(`http://127.0.0.1:${port}/api/health`, (res) => resolve(res.statusCode === 200)).on('error', () => resolve(false));
      });
      if (ok) return proc;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not start');
  }

  it.each([
    ['keep-alive connections', true, false, 4391],
    ['a new connection per request', false, false, 4392],
    ['a new connection per request from a balancer that watches /api/health', false, true, 4393],
  ])(
    'over %s, every request is answered or refused cleanly and the process exits 0 within 10 s',
    async (_name, keepAlive, balancer, port) => {
      // Behind a balancer the shop drains first: it keeps accepting while health says 'draining'.
      child = await start(port, balancer ? 1500 : 0);
      const agent = new http.Agent({ keepAlive, maxSockets: 16 });
      const outcomes = new Map<string, number>();
      const note = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
      let running = true;
      const one = () =>
        new Promise<void>((resolve) => {
          let sent = false;
          const req = http.get(`http://127.0.0.1:${port}/api/products?pageSize=4`, { agent }, (res) => {
            res.resume();
            res.on('end', () => {
              note(res.statusCode! < 300 ? '2xx' : String(res.statusCode));
              resolve();
            });
            res.on('error', () => {
              note('reset after sending');
              resolve();
            });
          });
          req.on('finish', () => (sent = true));
          req.on('error', (err: NodeJS.ErrnoException) => {
            // Refused: the server no longer listens; the request never reached it.
            if (err.code === 'ECONNREFUSED') note('refused');
            // A kept-alive socket the server closed while idle: the client knows it sent nothing that was read.
            else if (err.code === 'ECONNRESET' && keepAlive && (req as unknown as { reusedSocket?: boolean }).reusedSocket && !sent) note('idle socket closed');
            else note(`${err.code ?? err.message}${sent ? ' after sending' : ''}`);
            resolve();
          });
        });
      // The balancer checks health every 100 ms and stops sending here once it is not 200, as nginx
      // Plus, HAProxy or a cloud balancer would; its check says why.
      let routed = true;
      let drainingSeen = false;
      const checker = (async () => {
        while (balancer && running && routed) {
          await new Promise((r) => setTimeout(r, 100));
          const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
          if (health?.status !== 200) {
            drainingSeen = health?.status === 503 && (await health.json()).serving === 'draining';
            routed = false;
          }
        }
      })();
      const workers = Array.from({ length: 8 }, async () => {
        while (running && routed) await one();
      });
      await new Promise((r) => setTimeout(r, 1000));
      const exited = new Promise<{ code: number | null; at: number }>((resolve) => child!.once('exit', (code) => resolve({ code, at: Date.now() })));
      const signalled = Date.now();
      child.kill('SIGTERM');
      const { code, at } = await exited;
      await new Promise((r) => setTimeout(r, 300));
      running = false;
      await Promise.all([...workers, checker]);
      agent.destroy();

      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(10_000);
      const seen = JSON.stringify(Object.fromEntries(outcomes));
      if (balancer) {
        // Every request was answered: none refused, none reset.
        expect(drainingSeen).toBe(true);
        expect([...outcomes.keys()], seen).toEqual(['2xx']);
      } else if (keepAlive) {
        const bad = [...outcomes.keys()].filter((k) => !['2xx', '503', 'refused', 'idle socket closed'].includes(k));
        expect(bad, seen).toEqual([]);
      } else {
        // Connections the kernel completed but Node had not yet accepted when the listening socket
        // closed are reset by the kernel (at most one per client here); everything Node accepted is
        // answered. Behind a balancer the drain avoids those (the third case; docs/decisions/010).
        const total = [...outcomes.values()].reduce((a, b) => a + b, 0);
        const reset = [...outcomes].filter(([k]) => !['2xx', '503', 'refused'].includes(k)).reduce((n, [, c]) => n + c, 0);
        expect(reset, seen).toBeLessThanOrEqual(8);
        expect(reset / total, seen).toBeLessThan(0.01);
      }
      expect(outcomes.get('2xx')).toBeGreaterThan(10);
    },
    60_000,
  );
});
