import { changedFields } from './audit.js';
import { csvIssueCodes, recordFields, type CsvIssue, type ProductCsvColumn, type ProductRecord } from './product-csv.js';
import type { ParsedProduct } from './product-csv-file.js';
import { adminProductSchema, imageBaseSchema, type AdminProductInput } from '../schemas/admin-product.js';

/**
 * What the import does with one product of the file (decision 040): it is merged with the shop's
 * product of the same SKU (a column the file lacks keeps the product's value), checked by the admin
 * form's own schema, and classed as a creation, an update with its changed fields, unchanged, or
 * refused with each reason by row and column. Pure: the server gives what it knows of the shop.
 */

/** A picture of the file: a base the shop stores, or a URL to fetch when the import runs. */
export type ImportPicture = { base: string } | { url: string };

/** What the import writes for a product the preview passed. */
export interface ImportPlan {
  /** The admin form's input; its `images` are filled when the pictures are known. */
  input: AdminProductInput;
  /** The product as the file (merged) says it, for the activity log. */
  record: ProductRecord;
  pictures: ImportPicture[];
}

export type ImportDecision =
  | { action: 'error'; issues: CsvIssue[] }
  | { action: 'create'; plan: ImportPlan }
  | { action: 'update'; plan: ImportPlan; changes: Array<{ field: string; before: string | string[] | null; after: string | string[] | null }> }
  | { action: 'unchanged' };

/** What the server knows of the shop for the decision. */
export interface ImportLookups {
  /** The product of this SKU now, if any (not deleted). */
  current?: ProductRecord;
  categoryId(slug: string): number | undefined;
  /** How a picture entry of the file resolves: a stored base, a URL to fetch, or refused. */
  picture(entry: string): ImportPicture | 'missing' | 'invalid';
}

const emptyText = { en: '', ar: '', fr: '', de: '' };

/** What a new product gets for a column the file leaves out (the form's defaults); price and names have none. */
const defaults: Omit<ProductRecord, 'sku' | 'price'> & { price?: number } = {
  name: emptyText,
  shortDescription: emptyText,
  fullDescription: emptyText,
  discount: 0,
  offerEnd: null,
  isNew: false,
  visible: true,
  stock: 0,
  categories: [],
  tags: [],
  images: [],
  variants: [],
};

/** A zod path of the admin form's schema as the file's column, and the variant it concerns. */
function columnOfPath(path: readonly PropertyKey[]): { column: ProductCsvColumn | null; variant?: number } {
  const [head, second, third] = path;
  const locals: Record<string, string> = { name: 'name', shortDescription: 'short_description', fullDescription: 'description' };
  if (typeof head === 'string' && locals[head] && typeof second === 'string') return { column: `${locals[head]}_${second}` as ProductCsvColumn };
  if (head === 'variants') {
    const variantColumns: Record<string, ProductCsvColumn> = {
      color: 'variant_colour',
      size: 'variant_size',
      price: 'variant_price_egp',
      stock: 'variant_stock',
    };
    return { column: (typeof third === 'string' && variantColumns[third]) || 'variant_colour', variant: typeof second === 'number' ? second : undefined };
  }
  const plain: Record<string, ProductCsvColumn> = {
    sku: 'sku',
    price: 'price_egp',
    discount: 'discount_percent',
    offerEnd: 'offer_end',
    isNew: 'new',
    visible: 'visible',
    stock: 'stock',
    categoryIds: 'categories',
    tags: 'tags',
    images: 'images',
  };
  return { column: typeof head === 'string' ? (plain[head] ?? null) : null };
}

/** A stand-in base for a picture still to fetch, so the form's schema counts it. */
const PENDING_BASE = '/uploads/products/pending-import';

/** Decides what importing one parsed product does. */
export function decideProduct(parsed: ParsedProduct, lookups: ImportLookups): ImportDecision {
  const issues = [...parsed.issues];
  const line = parsed.lines[0] ?? 0;
  const { current } = lookups;
  const f = parsed.fields;
  const base = current ?? { ...defaults, sku: parsed.sku, price: undefined };
  const record = {
    ...base,
    ...f,
    sku: f.sku ?? base.sku,
    variants: parsed.variants ? parsed.variants.map(({ color, size, price, stock }) => ({ color, size, price, stock })) : base.variants,
  } as ProductRecord;

  const categoryIds: number[] = [];
  for (const slug of record.categories) {
    const id = lookups.categoryId(slug);
    if (id === undefined) issues.push({ line, column: 'categories', code: 'category_unknown', value: slug });
    else categoryIds.push(id);
  }
  const pictures: ImportPicture[] = [];
  // Pictures the file names are resolved; a file without the column keeps the product's own.
  for (const entry of record.images) {
    const found = f.images ? lookups.picture(entry) : { base: entry };
    if (found === 'missing' || found === 'invalid')
      issues.push({ line, column: 'images', code: found === 'missing' ? 'image_missing' : 'image_invalid', value: entry });
    else pictures.push(found);
  }
  record.images = pictures.map((p) => ('base' in p ? p.base : p.url));

  const hasVariants = record.variants.length > 0;
  const seenVariant = (v: { color: string | null; size: string | null }) =>
    current?.variants.find((c) => (c.color ?? '') === (v.color ?? '') && (c.size ?? '') === (v.size ?? ''))?.stock;
  const candidate = {
    sku: record.sku,
    name: record.name,
    shortDescription: record.shortDescription,
    fullDescription: record.fullDescription,
    price: record.price,
    discount: record.discount,
    offerEnd: record.offerEnd,
    isNew: record.isNew,
    visible: record.visible,
    categoryIds,
    tags: record.tags,
    images: pictures.map((p) => ('base' in p ? p.base : PENDING_BASE)),
    hasVariants,
    // With variants the stock lives on them; the product's own figure is left as it is.
    stock: hasVariants ? (current?.stock ?? 0) : record.stock,
    stockSeen: current?.stock,
    variants: record.variants.map((v) => ({ ...v, stockSeen: seenVariant(v) })),
  };
  const checked = adminProductSchema.safeParse(candidate);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const { column, variant } = columnOfPath(issue.path);
      const at = variant !== undefined ? (parsed.variants?.[variant]?.line ?? line) : line;
      // A cell refused when it was read (a formula, an unknown category) is not refused again as missing.
      if (issues.some((i) => i.column === column && i.line === at)) continue;
      const code = (csvIssueCodes as readonly string[]).includes(issue.message) ? (issue.message as CsvIssue['code']) : 'invalid';
      issues.push({ line: at, column, code });
    }
  }
  if (issues.length) return { action: 'error', issues: dedupe(issues) };
  const input = { ...checked.data!, images: pictures.flatMap((p) => ('base' in p ? [p.base] : [])) };
  // The record as it will be stored: texts trimmed as the form's schema trims them.
  const local = (t: AdminProductInput['name']) => ({ en: t.en, ar: t.ar, fr: t.fr ?? '', de: t.de ?? '' });
  const stored: ProductRecord = {
    ...record,
    sku: input.sku,
    name: local(input.name),
    shortDescription: local(input.shortDescription),
    fullDescription: local(input.fullDescription),
    tags: input.tags,
  };
  const plan: ImportPlan = { input, record: stored, pictures };
  if (!current) return { action: 'create', plan };
  const diff = changedFields(recordFields(current), recordFields(stored));
  const changes = Object.keys(diff.after).map((field) => ({
    field,
    before: diff.before[field] as string | string[] | null,
    after: diff.after[field] as string | string[] | null,
  }));
  return changes.length ? { action: 'update', plan, changes } : { action: 'unchanged' };
}

function dedupe(issues: CsvIssue[]): CsvIssue[] {
  const seen = new Set<string>();
  return issues
    .filter((i) => {
      const key = `${i.line}|${i.column}|${i.code}|${i.value ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.line - b.line);
}

/** A picture entry's base when it is one of the shop's own addresses (`/uploads/…-800.webp`, or a URL of one of `origins`), else null. */
export function ownPictureBase(entry: string, origins: readonly string[]): string | null | 'invalid' {
  let path: string;
  if (entry.startsWith('/')) path = entry;
  else {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return 'invalid';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid';
    if (!origins.includes(url.origin)) return null;
    path = url.pathname;
  }
  const base = path.replace(/-\d+\.webp$/, '');
  return imageBaseSchema.safeParse(base).success ? base : 'invalid';
}
