import { changedFields, type AuditFields, type AuditKind } from '../../shared/domain/audit.js';
import { insertAudit } from '../repositories/audit-repository.js';
import type { TransactionContext } from './use-case.js';
import type { AdminProductDetail } from '../../shared/schemas/admin-product.js';

/** What an admin change records of itself (docs/architecture.md, "Audit log"). */
export interface AuditEntry {
  kind: AuditKind;
  /** What was done: `created`, `updated`, `deleted`, `status`, `refund`, `invited`, `role`, … */
  action: string;
  /** The thing changed within its kind (a product id, an order number); null for the shop's settings. */
  subjectId: string | number | null;
  /** A name a person recognises the thing by (the product's English name, the order number). */
  label?: string;
  /** The thing's fields before the change (null when it is created) and after it (null when it goes). */
  before: AuditFields | null;
  after: AuditFields | null;
}

/**
 * Records an admin change in the activity log, in the change's own transaction: it commits with
 * the change or not at all. Who (the actor's id, e-mail and role), from which address and when
 * come from the context; of the values, only the fields that changed are kept. An update that
 * changed nothing records nothing. Every use case an admin route calls that changes state calls it.
 */
export async function audit(tx: TransactionContext, entry: AuditEntry): Promise<void> {
  const updating = entry.before !== null && entry.after !== null;
  const diff = updating ? changedFields(entry.before, entry.after) : null;
  if (diff && Object.keys(diff.after).length === 0) return;
  await insertAudit(tx.trx, {
    at: tx.now.toISOString(),
    actorId: tx.actor.userId,
    actorEmail: tx.actor.email,
    actorRole: tx.actor.role,
    address: tx.actor.address,
    kind: entry.kind,
    action: entry.action,
    subjectId: entry.subjectId === null ? null : String(entry.subjectId),
    label: entry.label ?? '',
    before: diff ? JSON.stringify(diff.before) : entry.before && JSON.stringify(entry.before),
    after: diff ? JSON.stringify(diff.after) : entry.after && JSON.stringify(entry.after),
  });
}

/**
 * A product as its history records it: what the merchant edits (names, descriptions, price,
 * discount, stock, variants, categories, tags, pictures, visibility), without ids, dates and the
 * stock the form saw. Every writer of products (the form, bulk edit, the import) audits this shape,
 * so a product's history reads the same whoever changed it.
 */
export function productAuditFields(p: AdminProductDetail): AuditFields {
  return {
    sku: p.sku,
    name: p.name,
    shortDescription: p.shortDescription,
    fullDescription: p.fullDescription,
    price: p.price,
    discount: p.discount,
    offerEnd: p.offerEnd,
    isNew: p.isNew,
    visible: p.visible,
    stock: p.stock,
    variants: p.variants.map((v) => ({ color: v.color, size: v.size, price: v.price, stock: v.stock })),
    categoryIds: p.categoryIds,
    tags: p.tags,
    images: p.images,
  };
}
