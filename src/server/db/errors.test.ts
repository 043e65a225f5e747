import { describe, expect, it } from 'vitest';
import { isUniqueViolation, retryOnConflict } from './errors.js';

describe('isUniqueViolation', () => {
  it('knows the unique-constraint failures of PostgreSQL and SQLite, and nothing else', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isUniqueViolation(new Error('UNIQUE constraint failed: orders.idempotency_key'))).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('FOREIGN KEY constraint failed'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('retryOnConflict', () => {
  it('runs a body again after a deadlock or serialisation abort, and gives up on anything else', async () => {
    let calls = 0;
    const answer = await retryOnConflict(async () => {
      calls++;
      if (calls < 3) throw Object.assign(new Error('deadlock detected'), { code: calls === 1 ? '40P01' : '40001' });
      return 'placed';
    });
    expect([answer, calls]).toEqual(['placed', 3]);
    let failed = 0;
    await expect(
      retryOnConflict(async () => {
        failed++;
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toThrow('unique');
    expect(failed).toBe(1);
    await expect(retryOnConflict(async () => Promise.reject(Object.assign(new Error('again'), { code: '40P01' })), 2)).rejects.toThrow('again');
  });
});
