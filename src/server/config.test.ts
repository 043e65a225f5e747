import { describe, expect, it } from 'vitest';
import { loadConfig, parsePublicUrl, parseS3Settings, parseSmtpUrl, parseTrustProxy } from './config.js';
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
