import type { AuditKind } from '../../../shared/domain/audit';
import type { ActivityEntry } from '../../../shared/schemas/audit';

/** How a value of the log is put into words: the page's formatters, in the reader's language. */
export interface ValueWords {
  /** Piastres as EGP. */
  money: (piastres: number) => string;
  /** An instant in Cairo time. */
  time: (iso: string) => string;
  yes: string;
  no: string;
  /** A code's word (a status, a role, a governorate) for a field, or undefined to show it as written. */
  word: (field: string, value: string) => string | undefined;
}

/** One changed field of an entry: its path (`price`, `name.en`, `shippingFees.CAI`) and the values on each side. */
export interface Change {
  field: string;
  before: unknown;
  after: unknown;
  /** False when the entry has no such side: a thing created has no before, a thing deleted no after. */
  hasBefore: boolean;
  hasAfter: boolean;
}

/**
 * The fields holding piastres, per kind of thing; `a.b` is `b` inside each element or key of `a`
 * (`*` any key). A promotion's `value` is money only for an amount off (see `isMoney`).
 */
const moneyPaths: Partial<Record<AuditKind, readonly string[]>> = {
  product: ['price', 'variants.price'],
  payment: ['refunded', 'amount'],
  settings: ['freeShippingThreshold', 'shippingFees.*'],
  promotion: ['minSubtotal'],
};

/** The promotion's kind as the entry knows it (created, deleted or kind changed); undefined when it did not change. */
function promotionKind(entry: Pick<ActivityEntry, 'before' | 'after'>): unknown {
  return entry.after?.kind ?? entry.before?.kind;
}

/** True when the value at `path` (indexes left out, `shippingFees.CAI` as is) is piastres. */
export function isMoney(entry: Pick<ActivityEntry, 'kind' | 'before' | 'after'>, path: string): boolean {
  if (entry.kind === 'promotion' && path === 'value') return promotionKind(entry) === 'amount';
  const paths = moneyPaths[entry.kind] ?? [];
  const [head, rest] = [path.split('.')[0]!, path.split('.').slice(1).join('.')];
  return paths.some((p) => p === path || (rest !== '' && p === `${head}.*`));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A value of the log in words: money through the shop's formatter, instants in Cairo time, yes and
 * no, codes in the reader's words, lists and records spelt out; nothing (null) as a dash.
 */
export function valueText(entry: Pick<ActivityEntry, 'kind' | 'before' | 'after'>, path: string, value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return isMoney(entry, path) ? words.money(value) : String(value);
  if (typeof value === 'string') return words.word(path, value) ?? (instant.test(value) ? words.time(value) : value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.map((item) => valueText(entry, path, item, words)).join(isPlainObject(value[0]) ? '; ' : ', ');
  }
  if (isPlainObject(value))
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${words.word(`${path}.${k}`, k) ?? k}: ${valueText(entry, `${path}.${k}`, v, words)}`)
      .join(', ');
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The entry's changes, field by field. A record changed on both sides (a product's names, the
 * delivery fees of 27 governorates) shows only its keys that changed (`name.en`, `shippingFees.CAI`).
 */
export function changesOf(entry: Pick<ActivityEntry, 'before' | 'after'>): Change[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const hasBefore = entry.before !== null;
  const hasAfter = entry.after !== null;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const out: Change[] = [];
  for (const field of fields) {
    const a = before[field];
    const b = after[field];
    if (hasBefore && hasAfter && isPlainObject(a) && isPlainObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
        if (!same(a[key], b[key])) out.push({ field: `${field}.${key}`, before: a[key] ?? null, after: b[key] ?? null, hasBefore, hasAfter });
      continue;
    }
    out.push({ field, before: a ?? null, after: b ?? null, hasBefore, hasAfter });
  }
  return out;
}

/** A text cut to `max` characters with an ellipsis; `cut` says whether anything was left out. */
export function shorten(text: string, max: number): { text: string; cut: boolean } {
  const chars = [...text];
  return chars.length <= max ? { text, cut: false } : { text: `${chars.slice(0, max - 1).join('')}…`, cut: true };
}
