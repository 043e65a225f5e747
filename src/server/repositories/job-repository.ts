import type { Kysely, Selectable, Transaction } from 'kysely';
import { toIso, type Dialect } from '../db/database.js';
import type { Database, JobStatus, JobTable } from '../db/schema.js';

type Q = Kysely<Database> | Transaction<Database>;

/** A job to write: its handler's kind, the handler's payload, when it is due, and a key for a job that must exist once. */
export interface NewJob {
  kind: string;
  payload?: unknown;
  runAt?: Date;
  uniqueKey?: string;
}

/**
 * Writes a job (decision 032). Call it with the transaction of the change that needs the job, so
 * both commit or neither does. A job with a `uniqueKey` already written (by this process or any
 * other) is not written again: false then.
 */
export async function enqueueJob(db: Q, job: NewJob, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      run_at: (job.runAt ?? now).toISOString(),
      unique_key: job.uniqueKey ?? null,
      created_at: at,
    })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** One job as the runner and the tests see it; instants are ISO strings. */
export interface JobEntry {
  id: number;
  kind: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  runAt: string;
  lockedUntil: string | null;
  lastError: string | null;
  uniqueKey: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A job a runner claimed: its lease (`lockedUntil`) is the claim's token for the marks below. */
export interface ClaimedJob extends JobEntry {
  lockedUntil: string;
}

const toJob = (row: Selectable<JobTable>): JobEntry => ({
  id: Number(row.id),
  kind: row.kind,
  payload: JSON.parse(row.payload) as unknown,
  status: row.status,
  attempts: Number(row.attempts),
  runAt: toIso(row.run_at),
  lockedUntil: toIso(row.locked_until),
  lastError: row.last_error,
  uniqueKey: row.unique_key,
  createdAt: toIso(row.created_at),
  finishedAt: toIso(row.finished_at),
});

/**
 * Claims up to `limit` due jobs of the given kinds for `leaseMs`, as the outbox claims messages
 * (decision 021): one statement; `FOR UPDATE SKIP LOCKED` on PostgreSQL, a write transaction on
 * SQLite; a runner killed while running a job leaves a lease that runs out. Only kinds this
 * process has handlers for are taken, so a process of an older release leaves newer kinds alone.
 */
export async function claimDueJobs(
  db: Q,
  dialect: Dialect,
  opts: { now: Date; limit: number; leaseMs: number; kinds: readonly string[] },
): Promise<ClaimedJob[]> {
  if (!opts.kinds.length) return [];
  const now = opts.now.toISOString();
  const lockedUntil = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'pending')
    .where('run_at', '<=', now)
    .where('kind', 'in', opts.kinds)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('run_at')
    .orderBy('id')
    .limit(opts.limit);
  const rows = await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
  return rows.map((row) => ({ ...toJob(row), lockedUntil })).sort((a, b) => a.runAt.localeCompare(b.runAt) || a.id - b.id);
}

/** An update of a claimed job, only while the claim holds (pending under this very lease). */
const updateClaimed = (db: Q, claim: { id: number; lockedUntil: string }) =>
  db.updateTable('jobs').where('id', '=', claim.id).where('status', '=', 'pending').where('locked_until', '=', claim.lockedUntil);

/** Marks a claimed job done. False when the claim had run out and another runner took the job. */
export async function finishJob(db: Q, claim: ClaimedJob, now: Date = new Date()): Promise<boolean> {
  const result = await updateClaimed(db, claim)
    .set({ status: 'done', finished_at: now.toISOString(), locked_until: null, last_error: null })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts a claimed job back, due at `runAt`, without counting an attempt (its handler asked to run again later). */
export async function rescheduleJob(db: Q, claim: ClaimedJob, runAt: Date): Promise<boolean> {
  const result = await updateClaimed(db, claim).set({ run_at: runAt.toISOString(), locked_until: null }).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Notes a failed run: one more attempt, the error (500 characters), and the next try after
 * `delaysMs[attempts - 1]`; past the last delay the job is 'failed' and kept. Returns its status,
 * or undefined when the claim had run out.
 */
export async function markJobFailed(db: Q, claim: ClaimedJob, error: string, opts: { now: Date; delaysMs: readonly number[] }): Promise<JobStatus | undefined> {
  const attempts = claim.attempts + 1;
  const delay = opts.delaysMs[attempts - 1];
  const status: JobStatus = delay === undefined ? 'failed' : 'pending';
  const result = await updateClaimed(db, claim)
    .set({
      status,
      attempts,
      last_error: error.slice(0, 500),
      locked_until: null,
      run_at: new Date(opts.now.getTime() + (delay ?? 0)).toISOString(),
      ...(status === 'failed' ? { finished_at: opts.now.toISOString() } : {}),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? status : undefined;
}

/** Gives a claimed job back unrun (a runner stopping): the next claim takes it at once. */
export async function releaseJob(db: Q, claim: ClaimedJob): Promise<void> {
  await updateClaimed(db, claim).set({ locked_until: null }).execute();
}

/** Jobs of one kind, oldest first (the tests, a person looking at failures). */
export async function listJobs(db: Q, kind: string): Promise<JobEntry[]> {
  const rows = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
  return rows.map(toJob);
}

/** Deletes up to `limit` done jobs due before `before`, by id; failed ones are kept. Returns how many. */
export async function deleteDoneJobsBefore(db: Q, before: Date, limit: number): Promise<number> {
  const ids = db.selectFrom('jobs').select('id').where('status', '=', 'done').where('run_at', '<', before.toISOString()).orderBy('run_at').limit(limit);
  const result = await db.deleteFrom('jobs').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
