/**
 * True for a unique-constraint failure on either database: PostgreSQL's SQLSTATE 23505, or
 * better-sqlite3's code (older builds say it only in the message).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null | undefined;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}
