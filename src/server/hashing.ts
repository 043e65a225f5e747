import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * SHA-256 of a text, hex by default. Stored hashes (session ids, order tokens, request bodies)
 * and lookup keys are all made here, so two callers can never hash the same thing differently.
 */
export function sha256(text: string, encoding: 'hex' | 'base64url' = 'hex'): string {
  return crypto.createHash('sha256').update(text).digest(encoding);
}

/** SHA-256 of a file in hex, read as a stream so a database of gigabytes never sits in memory. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
