import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/** The compressions the shop keeps answers in (cached listings and rendered pages), besides their text. */
export type KeptEncoding = 'br' | 'gzip';

/** The compression to answer with for an Accept-Encoding header: brotli, then gzip, else none. */
export const acceptedEncoding = (acceptEncoding: string | undefined): KeptEncoding | null =>
  acceptEncoding ? (negotiate(acceptEncoding, ['br', 'gzip']) as KeptEncoding | null) : null;

/**
 * Compresses an answer that will be kept and sent many times: harder than per-request
 * compression can afford (brotli 9, gzip 9), since the cost is paid once per kept answer.
 */
export function compressOnce(text: string, encoding: KeptEncoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(text, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      })
    : zlib.gzipSync(text, { level: 9 });
}
