import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sha256 } from '../hashing.js';
import { clearAttempts, countAttempt, lockAttempts, pruneAttempts, uncountAttempt } from '../repositories/attempt-repository.js';

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
const PRUNE_EVERY_MS = MINUTE;

/** A stable, fixed-length key part that keeps email addresses out of the counters table. */
export const keyOf = (text: string): string => sha256(text, 'base64url');

/**
 * Attempts per key in the database (decision 008): shared by every shop process, kept across
 * restarts. An attempt is counted before the password is checked, so concurrent guesses cannot
 * slip past the limit while the first ones are being verified; a success takes its count back.
 */
export class AttemptLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly policy: AttemptPolicy,
  ) {}

  /** Counts an attempt on `key`, or refuses it while the key is locked or its window is full. */
  async take(key: string, now = new Date()): Promise<Attempt> {
    await this.prune(now);
    const t = now.getTime();
    const count = await countAttempt(this.db, key, {
      now: now.toISOString(),
      windowCutoff: new Date(t - this.policy.windowMs).toISOString(),
      expiresAt: new Date(t + this.policy.windowMs + this.policy.memoryMs).toISOString(),
    });
    const lockedUntil = count.lockedUntil ? Date.parse(count.lockedUntil) : 0;
    if (lockedUntil > t) return { allowed: false, retryAfterSeconds: seconds(lockedUntil - t) };
    if (count.failures > this.policy.max) return { allowed: false, retryAfterSeconds: seconds(Date.parse(count.windowStart) + this.policy.windowMs - t) };
    return { allowed: true, key, failures: count.failures, lockouts: count.lockouts };
  }

  /** Records that a counted attempt failed: the one that fills the window locks the key. */
  async fail(attempt: Attempt, now = new Date()): Promise<void> {
    if (!attempt.allowed || attempt.failures < this.policy.max) return;
    const until = now.getTime() + this.lockMs(attempt.lockouts);
    await lockAttempts(this.db, attempt.key, {
      lockouts: attempt.lockouts,
      now: now.toISOString(),
      lockedUntil: new Date(until).toISOString(),
      expiresAt: new Date(until + this.policy.memoryMs).toISOString(),
    });
  }

  /** Takes back a counted attempt that succeeded, leaving other attempts on the key counted. */
  async forgive(attempt: Attempt): Promise<void> {
    if (attempt.allowed) await uncountAttempt(this.db, attempt.key);
  }

  /** Forgets a key's failures and lockouts. */
  async reset(key: string): Promise<void> {
    await clearAttempts(this.db, key);
  }

  /** How long the lockout after `lockouts` earlier ones lasts, in milliseconds. */
  lockMs(lockouts: number): number {
    return Math.min(this.policy.lockMs * 2 ** Math.min(lockouts, 30), this.policy.maxLockMs);
  }

  /** Old rows go at most once a minute per process: enough to keep the table small. */
  private async prune(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await pruneAttempts(this.db, now.toISOString());
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
