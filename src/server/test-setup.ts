// Vitest setup for every test file: password hashes at a test's work factor (decision 033).
import type * as Argon2 from 'argon2';
import { vi } from 'vitest';

/**
 * Argon2id as in production, at a small cost. The shop's cost (64 MiB, 3 passes, 4 lanes) is what
 * makes a guessed password expensive, and it took about 0.3 s of both cores per hash or check on
 * this machine: the sign-in, lockout and limit tests spent most of the unit suite's time in it.
 * The hashes stay real argon2id (`$argon2id$...`, checked by `argon2.verify`, which reads the cost
 * from the hash); only `hash` gets cheaper defaults. The processes some tests start (npm run
 * backup, a second shop) and the browser suites hash at the shop's own cost.
 */
vi.mock('argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2 & { default?: typeof Argon2 }>();
  const lib = real.default ?? real;
  // `hash` is overloaded (raw or encoded); the cast keeps both signatures for the code under test.
  const hash = ((password: string | Buffer, options?: Parameters<typeof lib.hash>[1]) =>
    lib.hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1, ...options })) as typeof lib.hash;
  return { ...real, hash, default: { ...lib, hash } };
});
