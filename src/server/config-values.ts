import { z } from 'zod';
import { isOnlineMethod, onlineMethods, type OnlineMethod } from '../shared/domain/payments.js';
import type { S3Settings } from './config.js';

/**
 * How each environment value is read and refused (issue 28, point 6): the one-line error a bad
 * value stops the start with, and the readers of the values that are more than a number or a flag.
 * The schema that uses them is config.ts's `environmentSchema`.
 */

/** One value the shop cannot start with: the variable, what it was given (undefined: not set) and what it takes. */
export interface ConfigProblem {
  variable: string;
  value: string | undefined;
  expected: string;
}

/**
 * A configuration the shop refuses to start with. The message is one line per bad variable, what
 * the person starting the shop reads: `Configuration: PORT is "30OO", expected a whole number from 1 to 65535`.
 */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    super(problems.map(describeProblem).join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function describeProblem({ variable, value, expected }: ConfigProblem): string {
  const given = value === undefined || value.trim() === '' ? 'not set' : JSON.stringify(withoutPassword(value));
  return `Configuration: ${variable} is ${given}, expected ${expected}`;
}

// The line lands in service logs: the password of a URL (DATABASE_URL, REDIS_URL, SMTP_URL) is not repeated there.
function withoutPassword(value: string): string {
  return value.replace(/(\/\/[^/:@]*):[^@]*@/, '$1:***@');
}

function refuse(variable: string, value: string | undefined, expected: string): ConfigError {
  return new ConfigError([{ variable, value, expected }]);
}

const flagExpected = 'one of 1, 0, true, false, yes, no, on, off';
export const flagText = z.stringbool({ truthy: ['1', 'true', 'yes', 'on'], falsy: ['0', 'false', 'no', 'off'], error: flagExpected });

/** A yes/no variable: unset or blank gives `fallback`; anything but 1/0/true/false/yes/no/on/off stops the start. */
function parseFlag(variable: string, value: string | undefined, fallback: boolean): boolean {
  const text = value?.trim();
  if (!text) return fallback;
  const read = flagText.safeParse(text);
  if (!read.success) throw refuse(variable, value, flagExpected);
  return read.data;
}

const trustProxyExpected = 'the number of proxies in front of the shop (e.g. 1) or their addresses; true would let any client choose its own address';

/** TRUST_PROXY: '' or 0 = none; a number = that many proxies in front; else a comma list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) throw refuse('TRUST_PROXY', value, trustProxyExpected);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Fastify's `trustProxy` for a parsed TRUST_PROXY. A hop count becomes "trust the nearest n
 * hops" (Fastify 5 refuses a bare number): the client is the address the outermost of our
 * proxies saw, however many X-Forwarded-For entries the client wrote before it.
 */
export function trustProxyOption(trust: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** PUBLIC_URL as an origin without a trailing slash, or undefined; a malformed one stops the start. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const expected = 'an http(s) address such as https://nasma.example';
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw refuse('PUBLIC_URL', value, expected);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('PUBLIC_URL', value, expected);
  return url.origin;
}

export const s3Variables = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

/**
 * The S3_* variables, or undefined when none is set. S3_BUCKET is required once any is set, and
 * keys come in pairs: a half-configured bucket stops the start rather than quietly storing
 * pictures elsewhere.
 */
export function parseS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (!s3Variables.some((n) => value(n))) return undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) throw refuse('S3_BUCKET', env.S3_BUCKET, `a bucket name (S3_BUCKET is required when ${s3Variables.filter((n) => value(n)).join(', ')} is set)`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) {
    const missing = accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw refuse(
      missing,
      env[missing],
      `a value, since ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} is set: set both or neither`,
    );
  }
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw refuse('S3_ENDPOINT', endpoint, 'an http(s) address such as http://minio:9000');
  const prefix = (value('S3_PREFIX') ?? '').replace(/^\/+|\/+$/g, '');
  return {
    endpoint,
    bucket,
    region: value('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: parseFlag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, endpoint !== undefined),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** SMTP_URL as given, or undefined when unset; anything but an smtp(s) URL stops the start. */
export function parseSmtpUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const expected = 'an smtp:// or smtps:// address such as smtp://user:pass@host:587';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('SMTP_URL', value, expected);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw refuse('SMTP_URL', value, expected);
  return text;
}

/** Paymob (issue 29, decision 036): the keys of the merchant's account and which integration takes each online method. */
export interface PaymobSettings {
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  /** For the auth token that transaction inquiry needs (reconciliation). */
  apiKey: string;
  hmacSecret: string;
  /** Integration id per online method offered; a method not listed is not offered. */
  integrations: Partial<Record<OnlineMethod, number>>;
}

export const paymobVariables = ['PAYMOB_SECRET_KEY', 'PAYMOB_PUBLIC_KEY', 'PAYMOB_API_KEY', 'PAYMOB_HMAC_SECRET', 'PAYMOB_INTEGRATIONS'] as const;

/**
 * The PAYMOB_* variables as one setting: undefined when none is set (cash on delivery only), else
 * every key and at least one integration, or the start stops naming what is missing. A key's value
 * is never repeated in the message.
 */
export function parsePaymobSettings(env: NodeJS.ProcessEnv): PaymobSettings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const set = paymobVariables.filter((n) => value(n));
  if (!set.length) return undefined;
  const missing = paymobVariables.find((n) => !value(n));
  if (missing) throw refuse(missing, undefined, `a value, since ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set: online payments need all of ${paymobVariables.join(', ')}`);
  const integrations: Partial<Record<OnlineMethod, number>> = {};
  const expected = `method=integration id pairs separated by commas, methods among ${onlineMethods.join(', ')}, such as card=4123456,wallet=4123457,kiosk=4123458`;
  for (const pair of value('PAYMOB_INTEGRATIONS')!.split(',')) {
    const [method, id] = pair.split('=').map((part) => part.trim());
    if (!method || !isOnlineMethod(method) || !id || !/^\d{1,12}$/.test(id) || Number(id) === 0 || integrations[method])
      throw refuse('PAYMOB_INTEGRATIONS', env.PAYMOB_INTEGRATIONS, expected);
    integrations[method] = Number(id);
  }
  const apiUrl = (value('PAYMOB_API_URL') ?? 'https://accept.paymob.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(apiUrl)) throw refuse('PAYMOB_API_URL', env.PAYMOB_API_URL, 'an http(s) address such as https://accept.paymob.com');
  return {
    apiUrl,
    secretKey: value('PAYMOB_SECRET_KEY')!,
    publicKey: value('PAYMOB_PUBLIC_KEY')!,
    apiKey: value('PAYMOB_API_KEY')!,
    hmacSecret: value('PAYMOB_HMAC_SECRET')!,
    integrations,
  };
}
