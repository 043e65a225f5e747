import { sha256 } from '../hashing.js';
import type { AttemptStore } from './attempt-store.js';

export interface AttemptPolicy {
  /** Attempts allowed in one window; the one that fails at this count locks the key. */
  max: number;
  /** Milliseconds a window lasts. */
  windowMs: number;
  /** Milliseconds of the first lockout; each further one doubles it, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
  /** Milliseconds a key's history (its lockout count) is kept after its last attempt or lockout. */
  memoryMs: number;
}

/** A counted attempt that may go ahead, or a refusal with the seconds to wait. */
export type Attempt = { allowed: true; key: string; failures: number; lockouts: number } | { allowed: false; retryAfterSeconds: number };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** A stable, fixed-length key part that keeps email addresses out of the counters table. */
export const keyOf = (text: string): string => sha256(text, 'base64url');

/**
 * Attempts per key (decisions 008 and 016), in a store shared by every shop process: Redis with
 * REDIS_URL, else the database. An attempt is counted before the password is checked, so
 * concurrent guesses cannot slip past the limit while the first ones are being verified; a success
 * takes its count back.
 */
export class AttemptLimiter {
  constructor(
    private readonly store: AttemptStore,
    readonly policy: AttemptPolicy,
  ) {}

  /** Counts an attempt on `key`, or refuses it while the key is locked or its window is full. */
  async take(key: string, now = new Date()): Promise<Attempt> {
    const t = now.getTime();
    const count = await this.store.count(key, { now: t, windowCutoff: t - this.policy.windowMs, expiresAt: t + this.policy.windowMs + this.policy.memoryMs });
    if (count.lockedUntil > t) return { allowed: false, retryAfterSeconds: seconds(count.lockedUntil - t) };
    if (count.failures > this.policy.max) return { allowed: false, retryAfterSeconds: seconds(count.windowStart + this.policy.windowMs - t) };
    return { allowed: true, key, failures: count.failures, lockouts: count.lockouts };
  }

  /** Records that a counted attempt failed: the one that fills the window locks the key. */
  async fail(attempt: Attempt, now = new Date()): Promise<void> {
    if (!attempt.allowed || attempt.failures < this.policy.max) return;
    const until = now.getTime() + this.lockMs(attempt.lockouts);
    await this.store.lock(attempt.key, { lockouts: attempt.lockouts, now: now.getTime(), lockedUntil: until, expiresAt: until + this.policy.memoryMs });
  }

  /** Takes back a counted attempt that succeeded (or did not happen), leaving other attempts on the key counted. */
  async forgive(attempt: Attempt): Promise<void> {
    if (attempt.allowed) await this.store.uncount(attempt.key);
  }

  /** Forgets a key's failures and lockouts. */
  async reset(key: string): Promise<void> {
    await this.store.clear(key);
  }

  /** How long the lockout after `lockouts` earlier ones lasts, in milliseconds. */
  lockMs(lockouts: number): number {
    return Math.min(this.policy.lockMs * 2 ** Math.min(lockouts, 30), this.policy.maxLockMs);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Sign-in failures of an account from clients without its device cookie: 5 in 15 minutes lock
 * them all out for 15 minutes, then 30, 60... up to a day while the attacks go on.
 */
export const untrustedSignInPolicy: AttemptPolicy = { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE, maxLockMs: 24 * HOUR, memoryMs: 24 * HOUR };

/** Sign-in failures of one device cookie: past these its owner is treated as a stranger. */
export const deviceSignInPolicy: AttemptPolicy = untrustedSignInPolicy;

/** Registrations tried for one email address: 5 an hour. */
export const registrationPolicy: AttemptPolicy = { max: 5, windowMs: HOUR, lockMs: HOUR, maxLockMs: HOUR, memoryMs: 0 };

/** Password reset links asked for one email address: 3 an hour, so nobody floods an inbox. */
export const passwordResetPolicy: AttemptPolicy = { max: 3, windowMs: HOUR, lockMs: HOUR, maxLockMs: HOUR, memoryMs: 0 };

/**
 * Failed order look-ups (`/track`, decision 024) per order number: 5 wrong pairs in 15 minutes lock
 * the number for 15 minutes, then 30, 60... up to a day, so nobody guesses the phone of a known order.
 */
export const trackOrderPolicy: AttemptPolicy = { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE, maxLockMs: 24 * HOUR, memoryMs: 24 * HOUR };

/** Failed order look-ups per phone number: 10 in 15 minutes, then locked as above, so nobody walks the order numbers with a known phone. */
export const trackPhonePolicy: AttemptPolicy = { ...trackOrderPolicy, max: 10 };

/** A plain allowance (`max` in a window, never locked for longer): orders per phone number or account. */
export const allowancePolicy = (allowance: { max: number; windowMs: number }): AttemptPolicy => ({
  max: allowance.max,
  windowMs: allowance.windowMs,
  lockMs: allowance.windowMs,
  maxLockMs: allowance.windowMs,
  memoryMs: 0,
});
