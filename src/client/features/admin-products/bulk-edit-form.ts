import { parseTypedNumber } from '../../../shared/domain/currency';
import { bulkChangeSchema, type BulkChange } from '../../../shared/schemas/admin-product';

/** What the bulk edit dialog holds as the merchant fills it: each part's choice and the text typed. */
export interface BulkForm {
  price: 'none' | 'raise' | 'lower' | 'set';
  percent: string;
  /** Piastres, as the money input gives it (NaN while not an amount). */
  newPrice: number | null;
  discount: 'none' | 'set' | 'remove';
  discountPercent: string;
  stock: 'none' | 'set';
  stockValue: string;
  categories: 'none' | 'add' | 'remove' | 'replace';
  categoryIds: number[];
  tagsAdd: string[];
  tagsRemove: string[];
  visibility: 'none' | 'show' | 'hide';
}

export const emptyBulkForm: BulkForm = {
  price: 'none',
  percent: '',
  newPrice: null,
  discount: 'none',
  discountPercent: '',
  stock: 'none',
  stockValue: '',
  categories: 'none',
  categoryIds: [],
  tagsAdd: [],
  tagsRemove: [],
  visibility: 'none',
};

/** The control of the dialog showing each part of the change, by the schema's path. */
export const bulkFieldOf = (path: string): keyof BulkForm | 'change' => {
  if (path.startsWith('price.percent')) return 'percent';
  if (path.startsWith('price')) return 'newPrice';
  if (path.startsWith('discount')) return 'discountPercent';
  if (path.startsWith('stock')) return 'stockValue';
  if (path.startsWith('categories')) return 'categoryIds';
  if (path.startsWith('tags')) return 'tagsAdd';
  return 'change';
};

/** A typed number, or undefined when nothing was typed (the schema then says "required"). */
const typed = (text: string) => parseTypedNumber(text) ?? undefined;

/**
 * The change the dialog asks for, checked by the server's own schema (`bulkChangeSchema`): the
 * change, or the field codes to show beside the dialog's controls (`change` for the whole form).
 */
export function bulkChangeOf(form: BulkForm): { change: BulkChange } | { errors: Partial<Record<keyof BulkForm | 'change', string>> } {
  const draft: Record<string, unknown> = {};
  if (form.price === 'set') draft.price = { mode: 'set', price: form.newPrice ?? undefined };
  if (form.price === 'raise' || form.price === 'lower') {
    const n = typed(form.percent);
    draft.price = { mode: 'percent', percent: n === undefined ? n : form.price === 'lower' ? -n : n };
  }
  if (form.discount === 'set') draft.discount = typed(form.discountPercent);
  if (form.discount === 'remove') draft.discount = 0;
  if (form.stock === 'set') draft.stock = typed(form.stockValue);
  if (form.categories !== 'none') draft.categories = { mode: form.categories, categoryIds: form.categoryIds };
  if (form.tagsAdd.length || form.tagsRemove.length) draft.tags = { add: form.tagsAdd, remove: form.tagsRemove };
  if (form.visibility !== 'none') draft.visible = form.visibility === 'show';
  const parsed = bulkChangeSchema.safeParse(draft);
  if (parsed.success) return { change: parsed.data };
  const errors: Partial<Record<keyof BulkForm | 'change', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = bulkFieldOf(issue.path.join('.'));
    errors[field] ??= /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid';
  }
  return { errors };
}
