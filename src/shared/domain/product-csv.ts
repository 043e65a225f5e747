import { westernDigits } from './digits.js';
import { shopDayStart } from './shop-time.js';

/**
 * The products CSV (issue 32, decision 040): one format for the export and the import. A product
 * is one row, or one row per variant (rows sharing its SKU; the first carries the product's
 * fields, the others only the variant's). Each column says how its cell is read and written, so
 * an exported file imports unchanged. Money is read and written in EGP with two decimals and held
 * in piastres; every other figure is a whole number.
 */

/** Every column, in the export's order. */
export const productCsvColumns = [
  'sku',
  'name_en',
  'name_ar',
  'name_fr',
  'name_de',
  'short_description_en',
  'short_description_ar',
  'short_description_fr',
  'short_description_de',
  'description_en',
  'description_ar',
  'description_fr',
  'description_de',
  'price_egp',
  'discount_percent',
  'offer_end',
  'new',
  'visible',
  'stock',
  'categories',
  'tags',
  'images',
  'variant_colour',
  'variant_size',
  'variant_price_egp',
  'variant_stock',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

/** The columns of a variant (one row each); the others are the product's. */
export const variantCsvColumns = ['variant_colour', 'variant_size', 'variant_price_egp', 'variant_stock'] as const satisfies readonly ProductCsvColumn[];
export type VariantCsvColumn = (typeof variantCsvColumns)[number];
export type ProductFieldColumn = Exclude<ProductCsvColumn, VariantCsvColumn>;
export const productFieldColumns = productCsvColumns.filter((c): c is ProductFieldColumn => !(variantCsvColumns as readonly string[]).includes(c));

/** A file must name this column; any other may be left out (an update keeps that field, a new product gets its default). */
export const requiredCsvColumns = ['sku'] as const satisfies readonly ProductCsvColumn[];

/** Other spellings a header may use for a column (spaces and case are ignored anyway). */
const columnAliases: Record<string, ProductCsvColumn> = {
  variant_color: 'variant_colour',
  price: 'price_egp',
  discount: 'discount_percent',
  full_description_en: 'description_en',
  full_description_ar: 'description_ar',
  full_description_fr: 'description_fr',
  full_description_de: 'description_de',
};

/** The column a header cell names, or undefined for an unknown one: `Name EN`, `name-en` and `name_en` are the same. */
export function columnOf(header: string): ProductCsvColumn | undefined {
  const key = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if ((productCsvColumns as readonly string[]).includes(key)) return key as ProductCsvColumn;
  return columnAliases[key];
}

/** Texts in the four languages ('' for none). */
export interface LocalText {
  en: string;
  ar: string;
  fr: string;
  de: string;
}

/** One variant as the file holds it: colour and size keys of the vocabulary, its own price (piastres) or null, its stock. */
export interface VariantRecord {
  color: string | null;
  size: string | null;
  price: number | null;
  stock: number;
}

/**
 * A product as the file holds it: what the admin form edits, with categories by slug and pictures
 * by address (a picture base of the shop, or a URL to fetch).
 */
export interface ProductRecord {
  sku: string;
  name: LocalText;
  shortDescription: LocalText;
  fullDescription: LocalText;
  /** Piastres. */
  price: number;
  /** Whole percent. */
  discount: number;
  /** ISO instant, or null. */
  offerEnd: string | null;
  isNew: boolean;
  visible: boolean;
  /** The product's own stock; not used (and left blank) when it has variants. */
  stock: number;
  categories: string[];
  tags: string[];
  images: string[];
  variants: VariantRecord[];
}

// Reading cells --------------------------------------------------------------------------------

/** Why a cell or row was refused: stable codes the admin translates (`importIssues.<code>`). */
export const csvIssueCodes = [
  'required',
  'too_long',
  'invalid',
  'too_small',
  'too_big',
  'negative',
  'formula',
  'number_invalid',
  'price_invalid',
  'percent_invalid',
  'boolean_invalid',
  'date_invalid',
  'sku_format',
  'duplicate_sku',
  'variant_row_conflict',
  'category_unknown',
  'category_required',
  'too_many',
  'tag_format',
  'duplicate_tag',
  'image_invalid',
  'image_missing',
  'unknown_color',
  'unknown_size',
  'duplicate_variant',
  'variant_empty',
  'variants_required',
  'too_many_cells',
  'quotes',
] as const;
export type CsvIssueCode = (typeof csvIssueCodes)[number];

/** A refusal of one cell (or of the row, with `column` null), by spreadsheet row number (the header is row 1). */
export interface CsvIssue {
  line: number;
  column: ProductCsvColumn | null;
  code: CsvIssueCode;
  /** What the refusal names: the unknown slug, the other row of a duplicate SKU. */
  value?: string;
}

export type CellResult<T> = { ok: true; value: T } | { ok: false; code: CsvIssueCode; value?: string };
const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const refuse = <T>(code: CsvIssueCode, value?: string): CellResult<T> => ({ ok: false, code, ...(value === undefined ? {} : { value }) });

/** Characters a spreadsheet reads as the start of a formula (OWASP's list): such a cell is never taken as data. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * A text cell: line breaks as `\n`; an apostrophe the export put before a formula character is
 * removed; a cell that starts like a formula is refused (it is never evaluated, only refused).
 */
export function readText(raw: string): CellResult<string> {
  const text = raw.replace(/\r\n?/g, '\n');
  if (text.startsWith("'") && formulaStart.test(text.slice(1))) return ok(text.slice(1));
  if (formulaStart.test(text.trimStart())) return refuse('formula');
  return ok(text);
}

/**
 * A number as a person types it: Arabic-Indic digits and separators, spaces, a currency word, and
 * thousands separators ("1,250.50", "1.250,50", "١٬٢٥٠٫٥٠") all read as 1250.50. The text of a
 * plain decimal ("-1250.5"), or null when it is not a number.
 */
export function plainNumber(raw: string): string | null {
  let s = westernDigits(raw)
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/[\s\u00a0\u202f\u200e\u200f\u061c]/g, '')
    .replace(/^(egp|le|l\.e\.?|e£)/i, '')
    .replace(/(egp|le|l\.e\.?|ج\.م\.?|جنيه|%)$/i, '');
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^[-+]?\d{1,3}(\.\d{3})+,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^[-+]?\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  return s.replace(/^\+/, '');
}

/** A cell that must be a number: a formula-looking text is a formula, anything else not a number is `invalid`. */
function numberText(raw: string, invalid: CsvIssueCode): CellResult<string> {
  const plain = plainNumber(raw);
  if (plain !== null) return ok(plain);
  return refuse(formulaStart.test(raw.trim()) ? 'formula' : invalid);
}

/** EGP with at most two decimals, to piastres; blank is undefined (absent). */
export function readMoney(raw: string): CellResult<number | undefined> {
  if (!raw.trim()) return ok(undefined);
  const n = numberText(raw, 'price_invalid');
  if (!n.ok) return n;
  if (n.value.startsWith('-')) return refuse('negative');
  const m = /^(\d*)(?:\.(\d{0,2})0*)?$/.exec(n.value);
  if (!m) return refuse('price_invalid');
  const piastres = Number(m[1] || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(piastres) ? ok(piastres) : refuse('too_big');
}

/** A whole number of at least 0 (stock, percent); blank is undefined. */
export function readCount(raw: string, invalid: CsvIssueCode = 'number_invalid'): CellResult<number | undefined> {
  if (!raw.trim()) return ok(undefined);
  const n = numberText(raw, invalid);
  if (!n.ok) return n;
  if (n.value.startsWith('-') && Number(n.value) !== 0) return refuse('negative');
  if (!/^-?\d+(\.0*)?$/.test(n.value)) return refuse(invalid);
  const value = Math.abs(Number.parseInt(n.value, 10));
  return Number.isSafeInteger(value) ? ok(value) : refuse('too_big');
}

const yes = new Set(['yes', 'y', 'true', '1', 'on', 'نعم', 'oui', 'ja', 'x']);
const no = new Set(['no', 'n', 'false', '0', 'off', 'لا', 'non', 'nein']);

/** yes/no in the shop's languages (and true/false, 1/0); blank is undefined. */
export function readBoolean(raw: string): CellResult<boolean | undefined> {
  const s = westernDigits(raw).trim().toLowerCase();
  if (!s) return ok(undefined);
  if (yes.has(s)) return ok(true);
  if (no.has(s)) return ok(false);
  return refuse(formulaStart.test(s) ? 'formula' : 'boolean_invalid');
}

/** An instant with its offset, or a Cairo day `YYYY-MM-DD` (the offer ends as that day ends); blank is null. */
export function readInstant(raw: string): CellResult<string | null> {
  const s = westernDigits(raw).trim();
  if (!s) return ok(null);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const next = new Date(Date.parse(`${s}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const start = Date.parse(`${s}T00:00:00Z`);
    if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== s) return refuse('date_invalid');
    return ok(new Date(shopDayStart(next).getTime() - 1000).toISOString());
  }
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(s)) return refuse(formulaStart.test(s) ? 'formula' : 'date_invalid');
  const at = Date.parse(s.replace(' ', 'T'));
  return Number.isNaN(at) ? refuse('date_invalid') : ok(new Date(at).toISOString());
}

/** A list cell: `; ` (or `,`, or line breaks) between items; blank items dropped. */
export function readList(raw: string, { commas = true }: { commas?: boolean } = {}): CellResult<string[]> {
  const text = readText(raw);
  if (!text.ok) return text;
  const items = text.value
    .split(commas ? /[;,\n]/ : /[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) if (formulaStart.test(item)) return refuse('formula');
  return ok(items);
}

/** A vocabulary key (colour, size): lower case, spaces dropped ("100 ml" is `100ml`); blank is null. */
export function readKey(raw: string): CellResult<string | null> {
  const text = readText(raw);
  if (!text.ok) return text;
  const key = westernDigits(text.value).trim().toLowerCase().replace(/\s+/g, '');
  return ok(key || null);
}

// Writing cells --------------------------------------------------------------------------------

/** Piastres as EGP with two decimals, without thousands separators ("1250.50"). */
export const formatMoney = (piastres: number): string => `${Math.trunc(piastres / 100)}.${String(piastres % 100).padStart(2, '0')}`;

export const formatBoolean = (value: boolean): string => (value ? 'yes' : 'no');

/**
 * A text cell as spreadsheets must receive it: one starting with a formula character gets an
 * apostrophe first, so Excel and LibreOffice show it as text instead of running it; `readText`
 * removes that apostrophe again.
 */
export const neutralise = (text: string): string => (formulaStart.test(text) ? `'${text}` : text);

/** The cells of one product: one row, or one per variant (the first with the product's fields). */
export function productRows(p: ProductRecord): string[][] {
  const fields: Record<ProductFieldColumn, string> = {
    sku: p.sku,
    name_en: p.name.en,
    name_ar: p.name.ar,
    name_fr: p.name.fr,
    name_de: p.name.de,
    short_description_en: p.shortDescription.en,
    short_description_ar: p.shortDescription.ar,
    short_description_fr: p.shortDescription.fr,
    short_description_de: p.shortDescription.de,
    description_en: p.fullDescription.en,
    description_ar: p.fullDescription.ar,
    description_fr: p.fullDescription.fr,
    description_de: p.fullDescription.de,
    price_egp: formatMoney(p.price),
    discount_percent: String(p.discount),
    offer_end: p.offerEnd ?? '',
    new: formatBoolean(p.isNew),
    visible: formatBoolean(p.visible),
    stock: p.variants.length ? '' : String(p.stock),
    categories: p.categories.join('; '),
    tags: p.tags.join('; '),
    images: p.images.join('; '),
  };
  const variantCells = (v: VariantRecord | undefined): Record<VariantCsvColumn, string> => ({
    variant_colour: v?.color ?? '',
    variant_size: v?.size ?? '',
    variant_price_egp: v?.price != null ? formatMoney(v.price) : '',
    variant_stock: v ? String(v.stock) : '',
  });
  const rows = (p.variants.length ? p.variants : [undefined]).map((v, i) => {
    const cells: Record<ProductCsvColumn, string> = { ...fields, ...variantCells(v) };
    // A variant's own row names its product by SKU only.
    if (i > 0) for (const c of productFieldColumns) if (c !== 'sku') cells[c] = '';
    return productCsvColumns.map((c) => neutralise(cells[c]));
  });
  return rows;
}

// Comparing ------------------------------------------------------------------------------------

/**
 * A product's fields as the preview shows them and the activity log keeps them: named by column,
 * each as its cell reads (lists sorted where their order means nothing). Two records with equal
 * fields import as "unchanged"; `changedFields` (domain/audit.ts) says which differ.
 */
export function recordFields(p: ProductRecord): Record<string, string | string[]> {
  const variant = (v: VariantRecord) =>
    [v.color ?? '–', v.size ?? '–', `${v.stock}`, v.price === null ? '' : formatMoney(v.price)].filter((x, i) => i < 3 || x).join(' · ');
  return {
    sku: p.sku,
    name_en: p.name.en,
    name_ar: p.name.ar,
    name_fr: p.name.fr,
    name_de: p.name.de,
    short_description_en: p.shortDescription.en,
    short_description_ar: p.shortDescription.ar,
    short_description_fr: p.shortDescription.fr,
    short_description_de: p.shortDescription.de,
    description_en: p.fullDescription.en,
    description_ar: p.fullDescription.ar,
    description_fr: p.fullDescription.fr,
    description_de: p.fullDescription.de,
    price_egp: formatMoney(p.price),
    discount_percent: String(p.discount),
    offer_end: p.offerEnd ?? '',
    new: formatBoolean(p.isNew),
    visible: formatBoolean(p.visible),
    stock: p.variants.length ? '' : String(p.stock),
    categories: [...p.categories].sort(),
    tags: p.tags.map((t) => t.toLowerCase()).sort(),
    images: p.images,
    variants: p.variants.map(variant).sort(),
  };
}
