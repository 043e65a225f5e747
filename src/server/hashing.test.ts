import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256, sha256OfFile } from './hashing.js';

describe('sha256', () => {
  it('hashes a text in hex or base64url, and a file the same as its text', async () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(sha256('abc')).toBe(abc);
    expect(sha256('abc', 'base64url')).toBe(Buffer.from(abc, 'hex').toString('base64url'));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nasma-hash-')), 'abc.txt');
    fs.writeFileSync(file, 'abc');
    expect(await sha256OfFile(file)).toBe(abc);
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
