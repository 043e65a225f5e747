import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { toIso, type Dialect } from '../db/database.js';
import { countAhead } from './admin-order-repository.js';
import { defaultRetryDelaysMs } from '../config.js';
import type { Database, OutboxStatus, OutboxTable } from '../db/schema.js';
import { secretLinkKinds, type MessageKind, type OutboxMessage } from '../messages/kinds.js';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Writes a message to the outbox. Call it with the transaction of the change that causes the
 * message (an order placed, a status changed, a reset asked), so the two commit or fail together:
 * nothing is sent for a change that rolled back, and no committed change loses its message.
 * The sender (services/outbox-sender.ts) sends it, or holds it when no SMTP server is set.
 */
export async function enqueueMessage(db: Q, message: OutboxMessage, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  const { to, language, kind, ...rest } = message;
  await db
    .insertInto('outbox')
    .values({ kind, recipient: to, language, payload: JSON.stringify({ kind, to, language, ...rest }), next_attempt_at: at, created_at: at })
    .execute();
}

/** One outbox row as the admin and the sender see it; instants are ISO strings. */
export interface OutboxEntry {
  id: number;
  kind: MessageKind;
  recipient: string;
  language: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** An entry with its message (the payload as written; a sent secret link is blank). */
export interface OutboxEntryWithMessage extends OutboxEntry {
  message: OutboxMessage;
}

/** A message a sender claimed: its lease (`lockedUntil`) is the claim's token for markSent / markAttemptFailed. */
export interface ClaimedMessage extends OutboxEntryWithMessage {
  lockedUntil: string;
}

/** Every column but the payload: what a list reads. */
const entryColumns = [
  'id',
  'kind',
  'recipient',
  'language',
  'status',
  'attempts',
  'next_attempt_at',
  'locked_until',
  'last_error',
  'created_at',
  'sent_at',
] as const;

const toEntry = (row: Pick<Selectable<OutboxTable>, (typeof entryColumns)[number]>): OutboxEntry => ({
  id: Number(row.id),
  kind: row.kind as MessageKind,
  recipient: row.recipient,
  language: row.language,
  status: row.status,
  attempts: Number(row.attempts),
  nextAttemptAt: toIso(row.next_attempt_at),
  lockedUntil: toIso(row.locked_until),
  lastError: row.last_error,
  createdAt: toIso(row.created_at),
  sentAt: toIso(row.sent_at),
});

const withMessage = (row: Selectable<OutboxTable>): OutboxEntryWithMessage => ({ ...toEntry(row), message: JSON.parse(row.payload) as OutboxMessage });

/**
 * Claims up to `limit` due messages for `leaseMs`: pending, due, and not held by another sender's
 * live lease, oldest due first. One statement, so one transaction: on PostgreSQL the rows are
 * picked `FOR UPDATE SKIP LOCKED`, so two senders claiming at once get different rows and neither
 * waits; on SQLite the statement is a write transaction and writers take turns. A sender killed
 * after claiming leaves rows whose lease runs out, and the next claim takes them again.
 */
export async function claimDueMessages(db: Kysely<Database>, dialect: Dialect, opts: { now: Date; limit: number; leaseMs: number }): Promise<ClaimedMessage[]> {
  const now = opts.now.toISOString();
  const lockedUntil = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  const due = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(opts.limit);
  const rows = await db
    .updateTable('outbox')
    .set({ locked_until: lockedUntil })
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
  return rows.map((row) => ({ ...withMessage(row), lockedUntil })).sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.id - b.id);
}

/**
 * An update of a claimed row, only while the claim holds: the row is pending under this very lease
 * (no other sender took it after the lease ran out).
 */
const updateClaimed = (db: Q, claim: { id: number; lockedUntil: string }) =>
  db.updateTable('outbox').where('id', '=', claim.id).where('status', '=', 'pending').where('locked_until', '=', claim.lockedUntil);

/**
 * Marks a claimed message sent and ends its lease. A message carrying a secret link (a password
 * reset, a sign-up link) keeps no copy of it: the link is blanked in the stored payload. False
 * when the claim had run out and another sender took the message.
 */
export async function markSent(db: Q, claim: ClaimedMessage, now: Date = new Date()): Promise<boolean> {
  const blanked = secretLinkKinds.has(claim.message.kind) ? { payload: JSON.stringify({ ...claim.message, link: '' }) } : {};
  const result = await updateClaimed(db, claim)
    .set({ status: 'sent', sent_at: now.toISOString(), locked_until: null, last_error: null, ...blanked })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Notes a failed attempt: one more attempt, the error (500 characters at most), and the next try
 * after the attempt's delay (`delaysMs[attempts - 1]`); past the last delay the message is
 * 'failed' and waits for the admin's "send again". Returns the status it now has, or undefined
 * when the claim had run out.
 */
export async function markAttemptFailed(
  db: Q,
  claim: ClaimedMessage,
  error: string,
  opts: { now?: Date; delaysMs?: readonly number[] } = {},
): Promise<OutboxStatus | undefined> {
  const now = opts.now ?? new Date();
  const delays = opts.delaysMs ?? defaultRetryDelaysMs;
  const attempts = claim.attempts + 1;
  const delay = delays[attempts - 1];
  const status: OutboxStatus = delay === undefined ? 'failed' : 'pending';
  const result = await updateClaimed(db, claim)
    .set({
      status,
      attempts,
      last_error: error.slice(0, 500),
      locked_until: null,
      next_attempt_at: new Date(now.getTime() + (delay ?? 0)).toISOString(),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? status : undefined;
}

/** Marks a claimed message held: the shop has no SMTP server (SMTP_URL unset); the admin sees it and may send it again. */
export async function markHeld(db: Q, claim: ClaimedMessage): Promise<boolean> {
  const result = await updateClaimed(db, claim).set({ status: 'held', locked_until: null, last_error: null }).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claimed message back unsent (a sender stopping): the next claim takes it at once. */
export async function releaseClaim(db: Q, claim: ClaimedMessage): Promise<void> {
  await updateClaimed(db, claim).set({ locked_until: null }).execute();
}

export type ResendOutcome = 'queued' | 'not_found' | 'not_resendable';

/** Whether "send again" takes a message: not while pending (on its way), nor once a secret link was sent and blanked. */
export const canResend = (m: { status: OutboxStatus; kind: MessageKind }): boolean =>
  m.status !== 'pending' && !(m.status === 'sent' && secretLinkKinds.has(m.kind));

/**
 * The admin's "send again": a failed, held or sent message goes back to pending, due now, with its
 * attempts and error cleared. Refused ('not_resendable') for a pending message (it is on its way)
 * and for a sent message with a secret link, whose link was blanked when it was sent: the
 * customer asks for a new one instead.
 */
export async function resendMessage(db: Q, id: number, now: Date = new Date()): Promise<ResendOutcome> {
  const row = await db.selectFrom('outbox').select(['status', 'kind']).where('id', '=', id).executeTakeFirst();
  if (!row) return 'not_found';
  if (!canResend({ status: row.status, kind: row.kind as MessageKind })) return 'not_resendable';
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, last_error: null, locked_until: null, next_attempt_at: now.toISOString(), sent_at: null })
    // Conditional on the status read, so two clicks queue it once.
    .where('id', '=', id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'queued' : 'not_resendable';
}

/**
 * A page of the outbox, newest first, and how many messages match: exactly when at most the page's
 * start plus `countAhead`, else that many and `totalExact: false`, so a page never counts a million
 * sent messages (decision 014). The page's ids are found over the (status|kind, created_at) indexes
 * of migration 016 alone, then only those rows are read, without their payloads.
 */
export async function listOutbox(
  db: Q,
  opts: { status?: OutboxStatus; kind?: MessageKind; page: number; pageSize: number },
  ahead = countAhead(opts.pageSize),
): Promise<{ items: OutboxEntry[]; total: number; totalExact: boolean }> {
  const offset = (opts.page - 1) * opts.pageSize;
  const cap = offset + ahead;
  const filtered = () => {
    let query = db.selectFrom('outbox');
    if (opts.status) query = query.where('status', '=', opts.status);
    if (opts.kind) query = query.where('kind', '=', opts.kind);
    return query;
  };
  const pageIds = filtered().select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.pageSize).offset(offset);
  const [{ count }, rows] = await Promise.all([
    db
      .selectFrom(
        filtered()
          .select(sql<number>`1`.as('one'))
          .limit(cap + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('outbox').select(entryColumns).where('id', 'in', pageIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
  ]);
  const counted = Number(count);
  return { items: rows.map(toEntry), total: Math.min(counted, cap), totalExact: counted <= cap };
}

/** One outbox message with its payload (for the admin's preview), or undefined. */
export async function findOutboxMessage(db: Q, id: number): Promise<OutboxEntryWithMessage | undefined> {
  const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row && withMessage(row);
}

/**
 * Counts of messages per status (the admin's badges, the tests). With `upTo`, each status is
 * counted only so far (a value above `upTo` means "more than upTo"): four index walks that stop,
 * instead of one that reads a million sent messages.
 */
export async function countOutboxByStatus(db: Q, opts: { upTo?: number; only?: OutboxStatus[] } = {}): Promise<Record<OutboxStatus, number>> {
  const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0, held: 0 };
  const { upTo, only } = opts;
  if (upTo !== undefined) {
    // `only`: the statuses a caller reads (the dashboard's failed ones); the others stay 0.
    for (const status of only ?? (Object.keys(counts) as OutboxStatus[])) {
      const { count } = await db
        .selectFrom(
          db
            .selectFrom('outbox')
            .select(sql<number>`1`.as('one'))
            .where('status', '=', status)
            .limit(upTo + 1)
            .as('m'),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      counts[status] = Number(count);
    }
    return counts;
  }
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  for (const r of rows) counts[r.status] = Number(r.count);
  return counts;
}

/**
 * Deletes up to `limit` sent messages both written and sent before `before`, oldest first, by id
 * (the retention job, decision 032): one short statement per batch over the (status, created_at)
 * index, so a million old messages never hold the table long. Failed, held and pending messages
 * are never deleted. Returns how many went.
 */
export async function deleteSentMessagesBefore(db: Q, before: Date, limit: number): Promise<number> {
  const at = before.toISOString();
  const ids = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'sent')
    .where('created_at', '<', at)
    .where('sent_at', '<', at)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);
  const result = await db.deleteFrom('outbox').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
