/**
 * The activity log's vocabulary (issue 32, decision 039): what kinds of things an admin change is
 * recorded against, and the one rule for what a change changed. The server writes entries with it;
 * the activity page, a product's and an order's history, and the catalogue import's preview read
 * the same rule.
 */
export const auditKinds = ['product', 'category', 'order', 'payment', 'promotion', 'review', 'settings', 'staff', 'import', 'return'] as const;
export type AuditKind = (typeof auditKinds)[number];

/** A value as the log keeps it: JSON-able. */
export type AuditValue = string | number | boolean | null | readonly AuditValue[] | { readonly [key: string]: AuditValue };

/** Field name to value, before or after a change. */
export type AuditFields = Readonly<Record<string, AuditValue | undefined>>;

const same = (a: AuditValue | undefined, b: AuditValue | undefined): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose values differ between `before` and `after`, each side holding only those (a
 * field absent on one side is null there). Both empty when nothing changed. Values are compared as
 * JSON, so arrays compare by order and objects by their keys' order as written.
 */
export function changedFields(
  before: AuditFields | null,
  after: AuditFields | null,
): { before: Record<string, AuditValue>; after: Record<string, AuditValue> } {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out = { before: {} as Record<string, AuditValue>, after: {} as Record<string, AuditValue> };
  for (const key of keys) {
    const a = before?.[key];
    const b = after?.[key];
    if (same(a, b)) continue;
    out.before[key] = a ?? null;
    out.after[key] = b ?? null;
  }
  return out;
}
