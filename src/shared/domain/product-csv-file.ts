import Papa from 'papaparse';
import {
  columnOf,
  productFieldColumns,
  readBoolean,
  readCount,
  readInstant,
  readKey,
  readList,
  readMoney,
  readText,
  requiredCsvColumns,
  variantCsvColumns,
  type CellResult,
  type CsvIssue,
  type ProductCsvColumn,
  type ProductRecord,
  type VariantRecord,
} from './product-csv.js';

/**
 * Reading a products CSV (decision 040): the bytes as Excel, LibreOffice or Google Sheets save
 * them (UTF-8 with or without BOM, UTF-16 with BOM; `,`, `;` or tab between cells; CRLF or LF),
 * the header checked, the rows grouped by SKU and each cell read by its column's rule. What the
 * file says is checked against the shop (categories, SKUs, the product's rules) by the server.
 */

/** Rows (besides the header) a file may hold. */
export const MAX_IMPORT_ROWS = 20_000;

/** Why a whole file is refused. */
export type CsvFileProblem =
  | { problem: 'encoding' }
  | { problem: 'empty' }
  | { problem: 'columns'; missing: string[]; unknown: string[]; duplicate: string[] }
  | { problem: 'too_many_rows'; rows: number; max: number };

/** One variant row of a product, with its row number. */
export interface ParsedVariant extends VariantRecord {
  line: number;
}

/**
 * One product of the file: its rows (one, or one per variant), the fields its columns gave
 * (a column the file lacks is absent), and the refusals of its cells.
 */
export interface ParsedProduct {
  sku: string;
  /** Row numbers of its rows, first one first. */
  lines: number[];
  fields: Partial<Omit<ProductRecord, 'variants'>>;
  /** Present when the file has variant columns: the product's variants (none when its row names none). */
  variants?: ParsedVariant[];
  issues: CsvIssue[];
}

export interface ParsedFile {
  columns: ProductCsvColumn[];
  delimiter: string;
  /** Rows read (the header and blank rows not counted). */
  rows: number;
  products: ParsedProduct[];
}

/** The text of the file's bytes: UTF-8 (a BOM is dropped) or UTF-16 with its BOM; null when it is neither. */
export function decodeCsv(bytes: Uint8Array): string | null {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    // TextDecoder drops a UTF-8 BOM itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

type Cells = Partial<Record<ProductCsvColumn, string>>;

/**
 * The character between cells, read from the header line (column names hold none of them): the
 * one it has most of, `,` when it has none. Guessing from the whole file instead is fooled by
 * a single row whose cells hold `;` lists.
 */
function delimiterOf(text: string): string {
  const header = text.split(/\r?\n/).find((l) => l.trim()) ?? '';
  let best = ',';
  let most = 0;
  for (const d of [',', ';', '\t', '|']) {
    const n = header.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/** Reads a product's fields from the cells of its first row, noting each refusal. */
function readFields(cells: Cells, line: number, issues: CsvIssue[]): ParsedProduct['fields'] {
  const fields: ParsedProduct['fields'] = {};
  const take = <T>(column: ProductCsvColumn, result: CellResult<T>, set: (value: T) => void) => {
    if (result.ok) set(result.value);
    else issues.push({ line, column, code: result.code, ...(result.value === undefined ? {} : { value: result.value }) });
  };
  const text = (column: ProductCsvColumn, set: (value: string) => void) => {
    const raw = cells[column];
    if (raw !== undefined) take(column, readText(raw), set);
  };
  const local = (key: 'name' | 'shortDescription' | 'fullDescription', prefix: string) => {
    for (const lng of ['en', 'ar', 'fr', 'de'] as const)
      text(`${prefix}_${lng}` as ProductCsvColumn, (v) => {
        fields[key] = { ...(fields[key] ?? { en: '', ar: '', fr: '', de: '' }), [lng]: v };
      });
  };
  const cell = <T>(column: ProductCsvColumn, read: (raw: string) => CellResult<T | undefined>, set: (value: T) => void) => {
    const raw = cells[column];
    if (raw !== undefined)
      take(column, read(raw), (v) => {
        if (v !== undefined) set(v);
      });
  };
  text('sku', (v) => (fields.sku = v.trim()));
  local('name', 'name');
  local('shortDescription', 'short_description');
  local('fullDescription', 'description');
  cell('price_egp', readMoney, (v) => (fields.price = v));
  cell(
    'discount_percent',
    (raw) => readCount(raw, 'percent_invalid'),
    (v) => (fields.discount = v),
  );
  cell('offer_end', readInstant, (v) => (fields.offerEnd = v));
  cell('new', readBoolean, (v) => (fields.isNew = v));
  cell('visible', readBoolean, (v) => (fields.visible = v));
  cell('stock', readCount, (v) => (fields.stock = v));
  cell(
    'categories',
    (raw) => readList(raw),
    (v) => (fields.categories = v.map((s) => s.toLowerCase())),
  );
  cell(
    'tags',
    (raw) => readList(raw),
    (v) => (fields.tags = v),
  );
  cell(
    'images',
    (raw) => readList(raw, { commas: false }),
    (v) => (fields.images = v),
  );
  // A blank price, percent or flag is no value: a new product gets the default, an update keeps its own.
  return fields;
}

/** Reads one variant row's cells. */
function readVariant(cells: Cells, line: number, issues: CsvIssue[]): ParsedVariant {
  const variant: ParsedVariant = { line, color: null, size: null, price: null, stock: 0 };
  const note = (column: ProductCsvColumn, r: { ok: false; code: CsvIssue['code']; value?: string }) =>
    issues.push({ line, column, code: r.code, ...(r.value === undefined ? {} : { value: r.value }) });
  const color = readKey(cells.variant_colour ?? '');
  if (color.ok) variant.color = color.value;
  else note('variant_colour', color);
  const size = readKey(cells.variant_size ?? '');
  if (size.ok) variant.size = size.value;
  else note('variant_size', size);
  const price = readMoney(cells.variant_price_egp ?? '');
  if (price.ok) variant.price = price.value ?? null;
  else note('variant_price_egp', price);
  const stock = readCount(cells.variant_stock ?? '');
  if (stock.ok) variant.stock = stock.value ?? 0;
  else note('variant_stock', stock);
  return variant;
}

const hasVariantValue = (cells: Cells) => variantCsvColumns.some((c) => (cells[c] ?? '').trim() !== '');

/**
 * Reads a products CSV: the refusal of the whole file (its encoding, no rows, unknown or missing
 * columns, more than `maxRows` rows), or its products, each with the refusals of its cells.
 * Row numbers are the spreadsheet's (the header is row 1; blank rows count but are skipped).
 */
export function readProductCsv(bytes: Uint8Array, { maxRows = MAX_IMPORT_ROWS }: { maxRows?: number } = {}): CsvFileProblem | ParsedFile {
  const text = decodeCsv(bytes);
  if (text === null) return { problem: 'encoding' };
  const body0 = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(body0, { skipEmptyLines: false, delimiter: delimiterOf(body0) });
  const records = parsed.data;
  const blank = (r: string[]) => r.every((c) => c.trim() === '');
  const headerIndex = records.findIndex((r) => !blank(r));
  if (headerIndex < 0) return { problem: 'empty' };
  const header = records[headerIndex]!;
  const columns: Array<ProductCsvColumn | undefined> = header.map((h) => columnOf(h));
  const unknown = header.filter((h, i) => h.trim() && !columns[i]).map((h) => h.trim());
  const named = columns.filter((c): c is ProductCsvColumn => c !== undefined);
  const duplicate = [...new Set(named.filter((c, i) => named.indexOf(c) !== i))];
  const missing = requiredCsvColumns.filter((c) => !named.includes(c));
  if (unknown.length || missing.length || duplicate.length) return { problem: 'columns', missing, unknown, duplicate };

  const rowErrors = new Map<number, 'quotes'>();
  for (const e of parsed.errors) if (e.row !== undefined && e.type === 'Quotes') rowErrors.set(e.row, 'quotes');
  const body: Array<{ line: number; cells: Cells; issues: CsvIssue[] }> = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (blank(record)) continue;
    const line = i + 1;
    const issues: CsvIssue[] = [];
    if (rowErrors.has(i)) issues.push({ line, column: null, code: 'quotes' });
    if (record.length > header.length && record.slice(header.length).some((c) => c.trim())) issues.push({ line, column: null, code: 'too_many_cells' });
    const cells: Cells = {};
    columns.forEach((c, k) => {
      if (c) cells[c] = record[k] ?? '';
    });
    body.push({ line, cells, issues });
    if (body.length > maxRows) break;
  }
  if (body.length > maxRows) {
    const rows = records.slice(headerIndex + 1).filter((r) => !blank(r)).length;
    return { problem: 'too_many_rows', rows, max: maxRows };
  }
  if (body.length === 0) return { problem: 'empty' };

  const withVariants = variantCsvColumns.some((c) => named.includes(c));
  const groups = new Map<string, typeof body>();
  const products: ParsedProduct[] = [];
  for (const row of body) {
    const sku = (row.cells.sku ?? '').trim();
    if (!sku) {
      // No SKU, no product to match or create: the row stands alone with its refusal.
      const issues = [...row.issues, { line: row.line, column: 'sku' as const, code: 'required' as const }];
      products.push({ sku: '', lines: [row.line], fields: readFields(row.cells, row.line, issues), issues });
      continue;
    }
    const key = sku.toLowerCase();
    const group = groups.get(key);
    if (group) group.push(row);
    else {
      groups.set(key, [row]);
      products.push({ sku: key, lines: [], fields: {}, issues: [] });
    }
  }
  return {
    columns: named,
    delimiter: parsed.meta.delimiter,
    rows: body.length,
    products: products.map((p) => (p.lines.length ? p : groupToProduct(groups.get(p.sku)!, withVariants))),
  };
}

/** One SKU's rows as one product: its fields from the first row, a variant per row, duplicates and conflicts refused. */
function groupToProduct(rows: Array<{ line: number; cells: Cells; issues: CsvIssue[] }>, withVariants: boolean): ParsedProduct {
  const [first] = rows as [(typeof rows)[number], ...typeof rows];
  const issues = rows.flatMap((r) => r.issues);
  const fields = readFields(first.cells, first.line, issues);
  const product: ParsedProduct = { sku: fields.sku ?? first.cells.sku!.trim(), lines: rows.map((r) => r.line), fields, issues };
  const variantRows = withVariants && rows.some((r) => hasVariantValue(r.cells));
  if (rows.length > 1 && !(variantRows && rows.every((r) => hasVariantValue(r.cells)))) {
    // The same SKU twice, not as variants: which row is meant cannot be known, so neither is taken.
    for (const r of rows.slice(1)) issues.push({ line: r.line, column: 'sku', code: 'duplicate_sku', value: String(first.line) });
    return product;
  }
  if (withVariants) product.variants = variantRows ? rows.map((r) => readVariant(r.cells, r.line, issues)) : [];
  // A variant's own row may repeat its product's fields, but not contradict them.
  for (const r of rows.slice(1))
    for (const c of productFieldColumns) {
      const v = (r.cells[c] ?? '').trim();
      if (c !== 'sku' && v && v !== (first.cells[c] ?? '').trim())
        issues.push({ line: r.line, column: c, code: 'variant_row_conflict', value: String(first.line) });
    }
  return product;
}
