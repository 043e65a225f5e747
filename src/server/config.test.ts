import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, environmentSchema, loadConfig, parsePublicUrl, parseS3Settings, parseSmtpUrl, parseTrustProxy } from './config.js';
import { buildTestApp } from './test-support.js';

describe('TRUST_PROXY and PUBLIC_URL', () => {
  it('reads a hop count or a list of proxy addresses, and refuses a blanket true', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.1.0/24')).toEqual(['10.0.0.1', '10.0.1.0/24']);
    expect(() => parseTrustProxy('true')).toThrow(/number of proxies/);
    expect(parsePublicUrl('https://nasma.example/shop/')).toBe('https://nasma.example');
    expect(() => parsePublicUrl('ftp://nasma.example')).toThrow();
    expect(loadConfig({}).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
  });

  it.each([
    ['one proxy in front (hop count)', '1'],
    ["the proxy's address", '10.0.0.1'],
  ])("with %s, the client is the address our proxy saw, never the client's own X-Forwarded-For entry", async (_name, setting) => {
    const built = await buildTestApp('sqlite', { trustProxy: parseTrustProxy(setting) });
    try {
      built.app.get('/test/ip', async (request) => ({ ip: request.ip }));
      const ip = async (remoteAddress: string, forwarded: string) =>
        (await built.app.inject({ method: 'GET', url: '/test/ip', remoteAddress, headers: { 'x-forwarded-for': forwarded } })).json().ip;
      // The client wrote 1.2.3.4; the proxy at 10.0.0.1 appended the address it saw.
      expect(await ip('10.0.0.1', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
      expect(await ip('10.0.0.1', '9.9.9.9, 8.8.8.8, 203.0.113.7')).toBe('203.0.113.7');
      if (setting !== '1') {
        // A client reaching the shop directly cannot claim another address at all.
        expect(await ip('198.51.100.9', '1.2.3.4')).toBe('198.51.100.9');
      }
    } finally {
      await built.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const built = await buildTestApp('sqlite');
    try {
      built.app.get('/test/ip', async (request) => ({ ip: request.ip }));
      const res = await built.app.inject({ method: 'GET', url: '/test/ip', remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': '1.2.3.4' } });
      expect(res.json().ip).toBe('198.51.100.9');
    } finally {
      await built.close();
    }
  });
});

describe('S3_* settings', () => {
  it('are off without any S3_* variable, and need S3_BUCKET once one is set', () => {
    expect(parseS3Settings({})).toBeUndefined();
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => parseS3Settings({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET is required/);
    expect(() => parseS3Settings({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/set both or neither/);
    expect(() => parseS3Settings({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/http\(s\) address/);
  });

  it('default to us-east-1, path-style with an endpoint, and a prefix ending in one slash', () => {
    expect(parseS3Settings({ S3_BUCKET: 'pictures' })).toEqual({
      endpoint: undefined,
      bucket: 'pictures',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      parseS3Settings({
        S3_BUCKET: 'pictures',
        S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: '/shop-a//',
      }),
    ).toMatchObject({ region: 'auto', forcePathStyle: true, prefix: 'shop-a/', accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(parseS3Settings({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '0' })?.forcePathStyle).toBe(false);
  });

  it('PICTURE_CACHE_MB sizes the picture cache (64 MB unless set; 0 turns it off)', () => {
    expect(loadConfig({}).pictureCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ PICTURE_CACHE_MB: '8' }).pictureCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ PICTURE_CACHE_MB: '0' }).pictureCacheBytes).toBe(0);
  });
});

describe('mail settings', () => {
  it('send nothing without SMTP_URL, and refuse an address that is not smtp(s)', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBeUndefined();
    expect(config.outboxPollMs).toBe(5_000);
    expect(config.outboxLeaseMs).toBe(120_000);
    expect(config.outboxRetryDelaysMs).toEqual([30_000, 120_000, 600_000, 3_600_000, 21_600_000]);
    expect(parseSmtpUrl('  ')).toBeUndefined();
    expect(parseSmtpUrl('smtps://user:pass@mail.example:465')).toBe('smtps://user:pass@mail.example:465');
    expect(() => parseSmtpUrl('http://mail.example')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => parseSmtpUrl('mail.example:25')).toThrow(/SMTP_URL/);
  });

  it('read SMTP_URL, MAIL_FROM, OUTBOX_POLL_MS and OUTBOX_LEASE_MS', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Nasma <shop@nasma.example>', OUTBOX_POLL_MS: '250', OUTBOX_LEASE_MS: '30000' });
    expect(config).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:2525', mailFrom: 'Nasma <shop@nasma.example>', outboxPollMs: 250, outboxLeaseMs: 30_000 });
    // Too small a poll or lease is raised to a floor rather than spinning.
    expect(loadConfig({ OUTBOX_POLL_MS: '1', OUTBOX_LEASE_MS: '5' })).toMatchObject({ outboxPollMs: 50, outboxLeaseMs: 1_000 });
  });
});

describe('the environment schema', () => {
  /** The line a bad environment stops the start with. */
  const refusal = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error(`${JSON.stringify(env)} was accepted`);
  };

  it('keeps the defaults every value has had', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seedDemo: true,
      trustProxy: false,
      rateLimitScale: 1,
      redisPrefix: 'nasma:',
      requestTimeoutMs: 30_000,
      maxEventLoopDelayMs: 1_000,
      loadSampleMs: 1_000,
      shutdownDrainMs: 0,
      changeCheckMs: 500,
      logLevel: 'info',
      slowRequestMs: 1_000,
      warmPages: 60,
      messageRetentionDays: 90,
      pgSchema: undefined,
    });
    expect(loadConfig({}).backupDir).toMatch(/backups$/);
    // Blank is unset (an env file's `PORT=`), except where blank means none.
    expect(loadConfig({ PORT: '', SEED_DEMO: ' ', WARM_PAGES: '' })).toMatchObject({ port: 3000, seedDemo: true, warmPages: 60 });
    expect(loadConfig({ SSR_ENTRY: '', REDIS_PREFIX: '' })).toMatchObject({ ssrEntry: undefined, redisPrefix: '' });
  });

  it('reads whole numbers, flags in words, and raises or lowers the values it always clamped', () => {
    expect(loadConfig({ PORT: ' 8080 ', MESSAGE_RETENTION_DAYS: '30', RATE_LIMIT_SCALE: '1000' })).toMatchObject({
      port: 8080,
      messageRetentionDays: 30,
      rateLimitScale: 1000,
    });
    for (const [word, value] of [
      ['1', true],
      ['yes', true],
      ['ON', true],
      ['True', true],
      ['0', false],
      ['no', false],
      ['off', false],
      ['FALSE', false],
    ] as const) {
      expect(loadConfig({ SEED_DEMO: word }).seedDemo).toBe(value);
    }
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '9000' }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ LOAD_SAMPLE_MS: '1', CHANGE_CHECK_MS: '0' })).toMatchObject({ loadSampleMs: 10, changeCheckMs: 100 });
  });

  it.each([
    [{ PORT: '30OO' }, 'Configuration: PORT is "30OO", expected a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'Configuration: PORT is "70000", expected a whole number from 1 to 65535'],
    [{ SHUTDOWN_DRAIN_MS: '2s' }, 'Configuration: SHUTDOWN_DRAIN_MS is "2s", expected a whole number of milliseconds from 0 to 2147483647'],
    [{ OUTBOX_POLL_MS: '-5' }, 'Configuration: OUTBOX_POLL_MS is "-5", expected a whole number of milliseconds from 0 to 2147483647'],
    [{ WARM_PAGES: '1.5' }, 'Configuration: WARM_PAGES is "1.5", expected a whole number, 0 or more'],
    [{ MESSAGE_RETENTION_DAYS: '0' }, 'Configuration: MESSAGE_RETENTION_DAYS is "0", expected a whole number of days from 1 to 36500'],
    [{ SEED_DEMO: 'maybe' }, 'Configuration: SEED_DEMO is "maybe", expected one of 1, 0, true, false, yes, no, on, off'],
    [{ LOG_LEVEL: 'verbose' }, 'Configuration: LOG_LEVEL is "verbose", expected one of fatal, error, warn, info, debug, trace, silent'],
    [{ PUBLIC_URL: 'nasma.example' }, 'Configuration: PUBLIC_URL is "nasma.example", expected an http(s) address such as https://nasma.example'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'Configuration: S3_BUCKET is not set, expected a bucket name (S3_BUCKET is required when S3_ENDPOINT is set)'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' }, 'Configuration: S3_FORCE_PATH_STYLE is "maybe", expected one of 1, 0, true, false, yes, no, on, off'],
    // A password in a URL stays out of the line (it lands in service logs).
    [
      { SMTP_URL: 'http://shop:s3cret@mail.example' },
      'Configuration: SMTP_URL is "http://shop:***@mail.example", expected an smtp:// or smtps:// address such as smtp://user:pass@host:587',
    ],
  ])('%j stops the start with one line naming it', (env, line) => {
    expect(refusal(env)).toBe(line);
  });

  it('names every bad variable, one line each', () => {
    expect(refusal({ PORT: 'x', TRUST_PROXY: 'true' }).split('\n')).toEqual([
      'Configuration: PORT is "x", expected a whole number from 1 to 65535',
      'Configuration: TRUST_PROXY is "true", expected the number of proxies in front of the shop (e.g. 1) or their addresses; true would let any client choose its own address',
    ]);
  });

  it("names the same variables as README's Configuration table", () => {
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n'));
    expect(section, 'README.md has a "## Configuration" section').toBeDefined();
    const documented = new Set<string>();
    for (const row of section!.split('\n').filter((line) => line.startsWith('|'))) {
      const firstCell = row.split('|')[1]!;
      for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) documented.add(name!);
    }
    const read = new Set(Object.keys(environmentSchema.shape));
    expect({
      readButNotInReadme: [...read].filter((name) => !documented.has(name)).sort(),
      inReadmeButNotRead: [...documented].filter((name) => !read.has(name)).sort(),
    }).toEqual({ readButNotInReadme: [], inReadmeButNotRead: [] });
    expect(documented.size).toBeGreaterThan(30);
  });

  it('the real server refuses a bad PORT with that one line and exit code 1, no stack trace', () => {
    const { status, stderr, stdout } = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '30OO' },
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(stderr.trim()).toBe('Configuration: PORT is "30OO", expected a whole number from 1 to 65535');
    expect(stdout).toBe('');
    expect(status).toBe(1);
    // tsx compiles the server's imports first: seconds on a busy machine.
  }, 120_000);
});
