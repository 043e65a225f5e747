import type { Kysely, Transaction } from 'kysely';
import { toIso } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { AuditKind } from '../../shared/domain/audit.js';
import type { ActivityEntry } from '../../shared/schemas/audit.js';

type Q = Kysely<Database> | Transaction<Database>;

/** One row of the log as written (migration 022); `before` and `after` are JSON text. */
export interface AuditRow {
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  actorRole: string;
  address: string | null;
  kind: AuditKind;
  action: string;
  subjectId: string | null;
  label: string;
  before: string | null;
  after: string | null;
}

/** Appends an entry, in the caller's transaction. The log has no update or delete but retention's. */
export async function insertAudit(trx: Transaction<Database>, row: AuditRow): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at: row.at,
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      actor_role: row.actorRole,
      address: row.address,
      kind: row.kind,
      action: row.action,
      subject_id: row.subjectId,
      label: row.label.slice(0, 200),
      before: row.before,
      after: row.after,
    })
    .execute();
}

/** The activity page's filters, as the route turned them into instants. */
export interface AuditFilter {
  actorId?: number;
  /** One kind, or several (an order's history: its status changes and its refunds). */
  kind?: AuditKind | readonly AuditKind[];
  subjectId?: string;
  /** First instant included, last instant excluded (ISO). */
  since?: string;
  until?: string;
}

function filtered(db: Q, f: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (f.actorId !== undefined) query = query.where('actor_id', '=', f.actorId);
  if (typeof f.kind === 'string') query = query.where('kind', '=', f.kind);
  else if (f.kind !== undefined) query = query.where('kind', 'in', f.kind);
  if (f.subjectId !== undefined) query = query.where('subject_id', '=', f.subjectId);
  if (f.since !== undefined) query = query.where('at', '>=', f.since);
  if (f.until !== undefined) query = query.where('at', '<', f.until);
  return query;
}

const parsed = (text: string | null): Record<string, unknown> | null => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

/**
 * A page of entries matching `f`, newest first, and how many match: exactly up to `ahead` past the
 * page's start, else that many and `totalExact: false` (decision 014), so a page never counts the
 * whole log. Each filter has an index ending in (at, id) (migration 022).
 */
export async function listAudit(
  db: Q,
  f: AuditFilter,
  page: number,
  pageSize: number,
  ahead: number,
): Promise<{ items: ActivityEntry[]; total: number; totalExact: boolean }> {
  const offset = (page - 1) * pageSize;
  const cap = offset + ahead;
  const [rows, counted] = await Promise.all([
    filtered(db, f).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
    db
      .selectFrom(
        filtered(db, f)
          .select('id')
          .limit(cap + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.count);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: toIso(r.at),
      actor: { id: r.actor_id, email: r.actor_email, role: r.actor_role },
      address: r.address,
      kind: r.kind,
      action: r.action,
      subjectId: r.subject_id,
      label: r.label,
      before: parsed(r.before),
      after: parsed(r.after),
    })),
    total: Math.min(total, cap),
    totalExact: total <= cap,
  };
}

/**
 * The people the person filter offers, by e-mail: everyone on the staff now, and everyone who was
 * (a staff entry names them: invited, role changed, removed), at most 200. Read from the staff
 * entries' index, never from the whole log.
 */
export async function auditPeople(db: Q): Promise<Array<{ id: number; email: string }>> {
  const former = await db
    .selectFrom('audit_log')
    .select('subject_id')
    .distinct()
    .where('kind', '=', 'staff')
    .where('subject_id', 'is not', null)
    .limit(1000)
    .execute();
  const formerIds = former.map((r) => Number(r.subject_id)).filter((id) => Number.isSafeInteger(id));
  // The staff now, on the partial index of staff accounts (migration 022); former staff by id.
  const [staff, gone] = await Promise.all([
    db.selectFrom('users').select(['id', 'email']).where('role', '!=', 'customer').limit(200).execute(),
    formerIds.length ? db.selectFrom('users').select(['id', 'email']).where('id', 'in', formerIds).execute() : [],
  ]);
  const byId = new Map([...gone, ...staff].map((u) => [u.id, u.email]));
  return [...byId]
    .map(([id, email]) => ({ id, email }))
    .sort((a, b) => a.email.localeCompare(b.email))
    .slice(0, 200);
}

/** Removes entries older than `before` (ISO), at most `limit` at a time; returns how many went. Retention's only. */
export async function deleteAuditBefore(db: Q, before: string, limit: number): Promise<number> {
  const ids = db.selectFrom('audit_log').select('id').where('at', '<', before).orderBy('at').limit(limit);
  const result = await db.deleteFrom('audit_log').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
