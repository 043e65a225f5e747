import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';

/** The host name of a Host header value, without its port (`[::1]:3000` → `[::1]`). */
function hostName(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/**
 * The shop's address for absolute URLs (canonical links, sitemap, robots, structured data, Open
 * Graph): PUBLIC_URL when set. Without it, the request's host only when it is one of ALLOWED_HOSTS,
 * otherwise `http://localhost:<port>`: a Host header is written by the client, and a page cached
 * or crawled with `Host: evil.example` must never name evil.example.
 */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host.toLowerCase();
  if (config.allowedHosts.includes(hostName(host))) return `${request.protocol}://${host}`;
  return `http://localhost:${config.port}`;
}
