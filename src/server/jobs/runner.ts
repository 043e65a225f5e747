import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/database.js';
import { claimDueJobs, enqueueJob, finishJob, markJobFailed, releaseJob, rescheduleJob, type ClaimedJob } from '../repositories/job-repository.js';
import { shopDay, shopDayStart } from '../../shared/domain/shop-time.js';

/** What a handler sees of the runner. */
export interface JobContext {
  db: Kysely<Database>;
  dialect: Dialect;
  log: FastifyBaseLogger;
  now(): Date;
  /** True once the runner is stopping: a handler that works in steps hands back between them. */
  stopping(): boolean;
  /** The instant (ms) by which a long handler hands back (`{ again }`), well inside its lease. */
  deadline: number;
  /**
   * Marks the job done inside the handler's own transaction, so what the handler writes there
   * commits once with "done"; throws (rolling that transaction back) when the claim ran out and
   * another runner took the job. The handler's answer is then ignored.
   */
  complete(trx: Kysely<Database>): Promise<void>;
}

/** A handler's answer: nothing (the job is done) or when to run it again, without counting a failed attempt. */
export type JobOutcome = void | { again: Date };

/** A handler of rows of `jobs`: runs one job's payload. A thrown error is a failed attempt, retried with back-off. */
export interface JobHandler<P = unknown> {
  run(payload: P, ctx: JobContext): Promise<JobOutcome>;
  /** Scheduled once a Cairo day from this hour on, under the unique key `kind:day` (payload `{ day }`). */
  daily?: { hour: number };
}

/** A handler that keeps its own table of work (the outbox) and drains it with the same claim and lease. */
export interface QueueHandler {
  /** Claims and runs one batch of its due rows; returns whether a full batch was claimed (more may wait). */
  drain(ctx: Pick<JobContext, 'stopping'>): Promise<boolean>;
}

/** The kinds of work a runner runs: `{ [kind]: handler }` (registry.ts builds the shop's). */
export type JobRegistry = Record<string, JobHandler<never> | QueueHandler>;

const isQueue = (h: JobHandler<never> | QueueHandler): h is QueueHandler => 'drain' in h;

export interface JobRunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  registry: JobRegistry;
  /** How often (ms) the runner looks for due work when nobody wakes it. */
  pollMs: number;
  /** How long (ms) a runner holds a job it claimed. */
  leaseMs: number;
  /** Waits (ms) after each failed attempt; after the last the job is failed and kept. */
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
  /** False: the daily jobs are not scheduled by this runner (Config.dailyJobs). */
  daily?: boolean;
  /** For tests: the clock. */
  now?: () => Date;
}

/** Thrown by `complete()` when the claim ran out, so what the handler wrote rolls back. */
class ClaimLost extends Error {}

/**
 * Runs the shop's background work (decision 032). Each shop process runs one: every `pollMs`, and
 * at once on `wake()`, it schedules the day's daily jobs (one row per kind and Cairo day, whatever
 * the number of processes), runs the due rows of `jobs` through their handlers under a lease, then
 * lets each queue handler (the outbox) drain its own table. A failed job is retried after the
 * configured delays, then kept as failed with its error.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Not polling: before start() and after stop(). */
  private stopped = true;
  /** stop() was called and has not been followed by start(): work in hand is given back. */
  private stopping = false;
  /** The Cairo day each daily kind was last scheduled for by this process (saves a write per poll). */
  private readonly scheduled = new Map<string, string>();

  constructor(private readonly runner: JobRunnerOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Looks for due work now (a transaction in this process just committed some). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops polling and waits for the job or message in hand, so none is cut in the middle; `start()` may follow. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = (async () => {
      do {
        this.again = false;
        await this.runOnce();
      } while (this.again && !this.stopped);
    })();
    await this.running;
    this.running = undefined;
    // A wake() that came after the last round's check is not left for the next poll.
    if (!this.stopped) this.schedule(this.again ? 0 : this.runner.pollMs);
  }

  /** One round: schedules the daily jobs due, runs due jobs until none is left, then drains each queue. Never throws. */
  async runOnce(): Promise<void> {
    const { log, registry } = this.runner;
    try {
      await this.scheduleDaily();
    } catch (err) {
      log.error({ err }, 'jobs: the daily jobs were not scheduled; trying again at the next poll');
    }
    try {
      while (!this.stopping && (await this.runDueJob()));
    } catch (err) {
      log.error({ err }, 'jobs: a round of jobs stopped; trying again at the next poll');
    }
    for (const [kind, handler] of Object.entries(registry)) {
      if (!isQueue(handler)) continue;
      try {
        while (!this.stopping && (await handler.drain({ stopping: () => this.stopping })));
      } catch (err) {
        log.error({ err, kind }, 'jobs: a round of a queue stopped; trying again at the next poll');
      }
    }
  }

  /** Writes today's row of each daily kind once its hour has come; the unique key makes it one row across processes. */
  async scheduleDaily(): Promise<void> {
    if (this.runner.daily === false) return;
    const now = this.now();
    const day = shopDay(now);
    for (const [kind, handler] of Object.entries(this.runner.registry)) {
      if (isQueue(handler) || !handler.daily || this.scheduled.get(kind) === day) continue;
      if (now.getTime() < shopDayStart(day).getTime() + handler.daily.hour * 3_600_000) continue;
      await enqueueJob(this.runner.db, { kind, payload: { day }, uniqueKey: `${kind}:${day}` }, now);
      this.scheduled.set(kind, day);
    }
  }

  /** Claims one due job and runs it; false when none was due. */
  async runDueJob(): Promise<boolean> {
    const { db, dialect, registry, leaseMs } = this.runner;
    const kinds = Object.entries(registry)
      .filter(([, h]) => !isQueue(h))
      .map(([k]) => k);
    const [job] = await claimDueJobs(db, dialect, { now: this.now(), limit: 1, leaseMs, kinds });
    if (!job) return false;
    if (this.stopping) {
      await releaseJob(db, job);
      return false;
    }
    await this.run(job, registry[job.kind] as JobHandler);
    return true;
  }

  private async run(job: ClaimedJob, handler: JobHandler): Promise<void> {
    const { db, dialect, log, retryDelaysMs } = this.runner;
    let completed = false;
    const ctx: JobContext = {
      db,
      dialect,
      log,
      now: () => this.now(),
      stopping: () => this.stopping,
      // A tenth of the lease (at least a second) is kept for marking the job.
      deadline: Date.parse(job.lockedUntil) - Math.max(1_000, this.runner.leaseMs / 10),
      complete: async (trx) => {
        if (!(await finishJob(trx, job, this.now()))) throw new ClaimLost();
        completed = true;
      },
    };
    let held: boolean;
    try {
      const outcome = await handler.run(job.payload, ctx);
      held = completed || (outcome ? await rescheduleJob(db, job, outcome.again) : await finishJob(db, job, this.now()));
    } catch (err) {
      if (!(err instanceof ClaimLost)) {
        const error = err instanceof Error ? err.message : String(err);
        const status = await markJobFailed(db, job, error, { now: this.now(), delaysMs: retryDelaysMs });
        log.warn({ err, jobId: job.id, kind: job.kind, attempt: job.attempts + 1, status }, 'jobs: a job failed');
        return;
      }
      held = false;
    }
    if (!held) log.warn({ jobId: job.id, kind: job.kind }, 'jobs: a job finished after its lease ran out; another runner may run it too');
  }

  private now(): Date {
    return this.runner.now?.() ?? new Date();
  }
}
