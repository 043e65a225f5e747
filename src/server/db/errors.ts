/**
 * True for a unique-constraint failure on either database: PostgreSQL's SQLSTATE 23505, or
 * better-sqlite3's code (older builds say it only in the message).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null | undefined;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/**
 * True when PostgreSQL aborted a transaction to break a deadlock (40P01) or a serialisation
 * conflict (40001): nothing of it was kept, so running it again is safe.
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = (err as { code?: string } | null | undefined)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs a transaction body again (up to `attempts` times in all) when the database aborted it as a conflict. */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isRetryableConflict(err)) throw err;
    }
  }
}
