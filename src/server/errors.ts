import type { ZodType } from 'zod';
import type { ApiErrorCode } from '../shared/domain/error-codes.js';

/** An error the API reports as-is: HTTP status, stable code, English message, field errors. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra machine-readable detail, e.g. the lines short of stock. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Zod's own issue codes mapped to our stable field codes (custom messages are codes already). */
function fieldCode(issue: { code: string; message: string; input?: unknown }): string {
  if (/^[a-z_]+$/.test(issue.message)) return issue.message;
  if (issue.input === undefined || issue.input === null) return 'required';
  switch (issue.code) {
    case 'too_small':
      return 'too_small';
    case 'too_big':
      return 'too_big';
    case 'invalid_type':
      return 'invalid_type';
    default:
      return 'invalid';
  }
}

export const notFound = (code: ApiErrorCode, message: string) => new AppError(404, code, message);

/** Parses `data` with `schema` or throws a 400 naming each bad field and what is wrong with it. */
export function parseOr400<T>(schema: ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] = 'unknown';
      continue;
    }
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= fieldCode(issue);
  }
  const names = Object.keys(fields);
  const unknown = names.filter((k) => fields[k] === 'unknown');
  const message = unknown.length ? `Unknown parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` : `Invalid value for ${names.join(', ')}`;
  throw new AppError(400, 'validation', message, fields);
}
