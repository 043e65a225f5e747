import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.js';
import { loadConfig } from './config.js';
import { startMailServer } from './test-mail-server.js';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/**
 * A real first start (src/server/main.ts) on an empty folder: what it prints until its last line,
 * once the shop answers. Everything after the banner would push it off the screen.
 */
async function firstStart(env: Record<string, string>): Promise<{ out: string; port: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-start-banner-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '0.0.0.0',
      DATABASE_URL: `sqlite:${path.join(dir, 'shop.sqlite')}`,
      DATA_DIR: dir,
      IMAGE_DIR: path.resolve('data/test-images'),
      CLIENT_DIR: path.join(dir, 'no-client'),
      SSR_ENTRY: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    for (let i = 0; i < 1200 && !out.includes('└'); i++) {
      if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // A moment for anything printed after the banner.
    await new Promise((r) => setTimeout(r, 500));
    return { out, port };
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The box a start ends with, without its frame. */
const box = (out: string) => {
  const lines = out.trimEnd().split('\n');
  expect(lines.at(-1), 'the banner is the last thing printed').toMatch(/^└─+┘$/);
  const top = lines.findLastIndex((line) => /^┌─+┐$/.test(line));
  return lines.slice(top + 1, -1).map((line) => line.replace(/^│ /, '').replace(/ │$/, '').trimEnd());
};

describe('the lines a start ends with', () => {
  it('on a first start without e-mail: the address, the admin and its one-time password, and what is not set up', { timeout: 120_000 }, async () => {
    const { out, port } = await firstStart({});
    const lines = box(out);
    expect(lines[0]).toBe(`Nasma is open at http://localhost:${port}`);
    expect(lines).toContain(`Admin area:  http://localhost:${port}/admin`);
    expect(lines.find((l) => l.startsWith('Admin e-mail:'))).toMatch(/^Admin e-mail: +\S+@\S+$/);
    expect(lines.find((l) => l.startsWith('Admin password:'))).toMatch(/^Admin password: +\S{12,}$/);
    expect(lines).toContain('Not set up yet:');
    expect(lines.join('\n')).toContain('SMTP_URL is not set');
    expect(lines.join('\n')).toContain('SMTP_URL=smtp://');
    expect(lines.join('\n')).toContain('Set PUBLIC_URL=');
    // It fits an 80-column terminal.
    expect(
      Math.max(
        ...out
          .trimEnd()
          .split('\n')
          .slice(-lines.length - 2)
          .map((l) => [...l].length),
      ),
    ).toBeLessThanOrEqual(80);
    // No build output or JSON log line inside or after it.
    expect(lines.some((l) => l.startsWith('{'))).toBe(false);
  });

  it('with SMTP_URL, PUBLIC_URL and the admin given: no e-mail warning, the public address, the password not shown', { timeout: 120_000 }, async () => {
    const mail = await startMailServer();
    const { out } = await firstStart({
      SMTP_URL: mail.url,
      PUBLIC_URL: 'https://nasma.example',
      ADMIN_EMAIL: 'owner@nasma.example',
      ADMIN_PASSWORD: 'cedar-and-amber-2026',
    }).finally(() => mail.close());
    const lines = box(out);
    expect(lines[0]).toBe('Nasma is open at https://nasma.example');
    expect(lines).toContain('Admin area:  https://nasma.example/admin');
    expect(lines).toContain('Admin e-mail:    owner@nasma.example');
    expect(lines).toContain('Admin password:  the one in ADMIN_PASSWORD');
    expect(out).not.toContain('cedar-and-amber-2026');
    expect(lines.join('\n')).not.toContain('SMTP_URL');
    expect(lines.join('\n')).not.toContain('PUBLIC_URL');
  });

  it("draws one box whatever the lines' lengths", () => {
    const banner = startBanner(loadConfig({ PORT: '3000' }), { kind: 'existing', email: 'a-very-long-address-for-the-shop-owner@nasma.example' });
    const framed = banner.trim().split('\n');
    expect(new Set(framed.map((line) => [...line].length)).size).toBe(1);
    expect(banner).toContain('Admin password:  printed at the first start');
  });
});
