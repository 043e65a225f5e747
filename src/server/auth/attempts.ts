import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sha256 } from '../hashing.js';
import type { AttemptCounters } from './limiter-stores.js';

export interface AttemptPolicy {
  /** Attempts allowed in one window; the one that fails at this count locks the key. */
  max: number;
  /** Milliseconds a window lasts. */
  windowMs: number;
  /** Milliseconds of the first lockout; each further one doubles it, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
  /** Milliseconds a key's history (its lockout count) is kept after its last lockout ends. */
  memoryMs: number;
}

/** A counted attempt that may go ahead, or a refusal with the seconds to wait. */
export type Attempt = { allowed: true; key: string; failures: number } | { allowed: false; retryAfterSeconds: number };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** A stable, fixed-length key part that keeps email addresses out of the counters table. */
export const keyOf = (text: string): string => sha256(text, 'base64url');

/**
 * Attempts per key (decisions 008, 016 and 031) on rate-limiter-flexible, in the store every shop
 * process shares. An attempt is consumed before the password is checked, so concurrent guesses
 * cannot slip past the limit while the first ones are being verified; a success is rewarded back.
 * The growing lockout is the library's "login endpoint protection" pattern: a second limiter
 * remembers a key's lockouts, and the failure that fills the window blocks the key for 15 minutes,
 * 30, 60... as that count grows.
 */
export class AttemptLimiter {
  private readonly window: RateLimiterAbstract;
  private readonly lockouts: RateLimiterAbstract | null;

  constructor(
    counters: AttemptCounters,
    readonly policy: AttemptPolicy,
  ) {
    this.window = counters.limiter('attempt', policy.max, policy.windowMs / 1000);
    // Only `get` and `set` are used on it, so its points are never the limit.
    this.lockouts = policy.memoryMs > 0 ? counters.limiter('attempt-lockouts', Number.MAX_SAFE_INTEGER, policy.memoryMs / 1000) : null;
  }

  /** Counts an attempt on `key`, or refuses it while the key is locked or its window is full. */
  async take(key: string): Promise<Attempt> {
    try {
      const counted = await this.window.consume(key);
      return { allowed: true, key, failures: counted.consumedPoints };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: seconds(refusal.msBeforeNext) };
      throw refusal;
    }
  }

  /**
   * Records that a counted attempt failed: the one that fills the window locks the key. Only that
   * one attempt has that count, so racing failures lock once, not twice as long.
   */
  async fail(attempt: Attempt): Promise<void> {
    if (!attempt.allowed || attempt.failures < this.policy.max) return;
    const earlier = this.lockouts ? ((await this.lockouts.get(attempt.key))?.consumedPoints ?? 0) : 0;
    const lockMs = this.lockMs(earlier);
    await this.window.block(attempt.key, lockMs / 1000);
    // The lockouts are remembered for `memoryMs` after this lock ends.
    await this.lockouts?.set(attempt.key, earlier + 1, (lockMs + this.policy.memoryMs) / 1000);
  }

  /** Takes back a counted attempt that succeeded (or did not happen), leaving other attempts on the key counted. */
  async forgive(attempt: Attempt): Promise<void> {
    if (attempt.allowed) await this.window.reward(attempt.key);
  }

  /** Forgets a key's failures and lockouts. */
  async reset(key: string): Promise<void> {
    await Promise.all([this.window.delete(key), this.lockouts?.delete(key)]);
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

/**
 * Order confirmations sent to one e-mail address in an hour when the address is not the ordering
 * account's own (issue 33): a guest checkout naming someone else's address cannot make the shop
 * flood that inbox. The orders are still placed; their pages show them.
 */
export const orderMailPolicy: AttemptPolicy = { max: 3, windowMs: HOUR, lockMs: HOUR, maxLockMs: HOUR, memoryMs: 0 };

/**
 * Wrong order look-ups from a browser that placed or tracked the order (its track-device cookie):
 * its own allowance, so strangers guessing that order's phone cannot lock its owner out of `/track`.
 */
export const trackDevicePolicy: AttemptPolicy = trackOrderPolicy;

/** A plain allowance (`max` in a window, never locked for longer): orders per phone number or account. */
export const allowancePolicy = (allowance: { max: number; windowMs: number }): AttemptPolicy => ({
  max: allowance.max,
  windowMs: allowance.windowMs,
  lockMs: allowance.windowMs,
  maxLockMs: allowance.windowMs,
  memoryMs: 0,
});
