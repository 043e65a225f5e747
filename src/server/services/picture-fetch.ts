import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { PictureFailureCode } from '../../shared/schemas/product-import.js';

/** Limits on a picture fetched by URL (decision 040). */
export interface PictureFetchLimits {
  /** Largest picture, in bytes. */
  maxBytes: number;
  /** The whole fetch, redirects included, in milliseconds. */
  timeoutMs: number;
  /** Addresses of this machine and its private networks are refused unless this is set (tests). */
  allowPrivate: boolean;
}

export const defaultPictureLimits: PictureFetchLimits = { maxBytes: 8 * 1024 * 1024, timeoutMs: 10_000, allowPrivate: false };

const MAX_REDIRECTS = 3;

/** Networks a merchant's file must not make the server call: loopback, private, link-local (cloud metadata), and the like. */
const privateNetworks = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  privateNetworks.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateNetworks.addSubnet(address, prefix, 'ipv6');

/** True for an address the fetch refuses (an IPv4-mapped IPv6 address is judged as its IPv4 one). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateNetworks.check(mapped, 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return privateNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class Refused extends Error {
  constructor(readonly code: PictureFailureCode) {
    super(code);
  }
}

/**
 * Resolves a host name and refuses private addresses before connecting: the check and the
 * connection use the same answer, so a name cannot point elsewhere in between.
 */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const usable = allowPrivate ? list : list.filter((a) => !isPrivateAddress(a.address));
      if (!usable.length) return callback(Object.assign(new Error('refused address'), { code: 'EREFUSED_PRIVATE' }), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

type Answer = { redirect: string } | { data: Buffer };

function getOnce(url: URL, limits: PictureFetchLimits, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const literal = net.isIP(url.hostname.replace(/^\[|\]$/g, ''));
    if (literal && !limits.allowPrivate && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) return reject(new Refused('refused'));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, {
      lookup: guardedLookup(limits.allowPrivate),
      signal,
      headers: { accept: 'image/*', 'user-agent': 'Nasma catalogue import' },
    });
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ redirect: new URL(res.headers.location, url).toString() });
      }
      if (status !== 200) {
        res.resume();
        return reject(new Refused('http_error'));
      }
      const type = String(res.headers['content-type'] ?? '').toLowerCase();
      if (!type.startsWith('image/')) {
        res.resume();
        return reject(new Refused('not_image'));
      }
      if (Number(res.headers['content-length'] ?? 0) > limits.maxBytes) {
        res.destroy();
        return reject(new Refused('too_large'));
      }
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          res.destroy();
          reject(new Refused('too_large'));
        } else parts.push(chunk);
      });
      res.on('end', () => resolve({ data: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EREFUSED_PRIVATE') reject(new Refused('refused'));
      else reject(err);
    });
  });
}

/**
 * Fetches a picture by URL within limits: http(s) only, at most `maxBytes`, an image content
 * type, `timeoutMs` for the whole of it (three redirects at most, each checked), never an address
 * of this machine or its private networks. The bytes are not trusted: the caller stores them
 * through `storeUpload`, which sniffs and re-encodes them.
 */
export async function fetchPicture(
  address: string,
  limits: PictureFetchLimits = defaultPictureLimits,
): Promise<{ data: Buffer } | { code: PictureFailureCode }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { code: 'unreachable' };
  }
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { code: 'refused' };
      const answer = await getOnce(url, limits, signal);
      if ('data' in answer) return answer;
      url = new URL(answer.redirect);
    }
    return { code: 'http_error' };
  } catch (err) {
    if (err instanceof Refused) return { code: err.code };
    if (signal.aborted) return { code: 'timeout' };
    return { code: 'unreachable' };
  }
}
