import type { z } from 'zod';
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

/** A 429 that says when trying again can succeed: the error handler sends it as `Retry-After`. */
export class TooManyRequests extends AppError {
  constructor(
    code: ApiErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
  }
}

/** One failed check of a route schema, as the type provider reports it (zod's issue, path as segments). */
export interface SchemaIssue {
  code: string;
  path: string[];
  message: string;
  /** The unknown keys of an `unrecognized_keys` issue. */
  keys?: string[];
}

/** Zod's own issue codes mapped to our stable field codes (custom messages are codes already). */
function fieldCode(issue: SchemaIssue, input: unknown): string {
  if (/^[a-z_]+$/.test(issue.message)) return issue.message;
  if (input === undefined || input === null) return 'required';
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

/** The value at `path` inside a request part: what the shopper sent for the field, if anything. */
function valueAt(data: unknown, path: string[]): unknown {
  let value = data;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * The 400 for a request part (`data`: the body, query or params as sent) that failed its schema,
 * naming each bad field and what is wrong with it: `unknown`, `required`, or the schema's code.
 */
export function validationError(issues: SchemaIssue[], data: unknown): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) fields[key] = 'unknown';
      continue;
    }
    const key = issue.path.join('.') || '_';
    fields[key] ??= fieldCode(issue, valueAt(data, issue.path));
  }
  const names = Object.keys(fields);
  const unknown = names.filter((k) => fields[k] === 'unknown');
  const message = unknown.length ? `Unknown parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` : `Invalid value for ${names.join(', ')}`;
  return new AppError(400, 'validation', message, fields);
}

/**
 * Parses `data` with a wire schema where no route schema ran (a form posted without scripts): a
 * failure is the same 400 with the same field codes a route's schema gives.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue): SchemaIssue => ({
    code: issue.code,
    path: issue.path.map(String),
    message: issue.message,
    keys: 'keys' in issue ? (issue.keys as string[]) : undefined,
  }));
  throw validationError(issues, data);
}
