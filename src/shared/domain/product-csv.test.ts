import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import {
  columnOf,
  formatMoney,
  neutralise,
  plainNumber,
  productCsvColumns,
  productRows,
  readBoolean,
  readCount,
  readInstant,
  readMoney,
  readText,
  type ProductRecord,
} from './product-csv.js';
import { MAX_IMPORT_ROWS, readProductCsv, type ParsedFile } from './product-csv-file.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const parsed = (text: string | Uint8Array, maxRows?: number): ParsedFile => {
  const result = readProductCsv(typeof text === 'string' ? bytes(text) : text, { maxRows });
  if ('problem' in result) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
};

const product: ProductRecord = {
  sku: 'OIL-1',
  name: { en: 'Lavender Oil', ar: 'زيت اللافندر', fr: 'Huile de lavande', de: '' },
  shortDescription: { en: '- calm, "soft"', ar: 'هادئ', fr: '', de: '' },
  fullDescription: { en: 'Line one\nline two, with a comma', ar: '=1+1 مكتوب كنص', fr: '', de: '' },
  price: 125050,
  discount: 10,
  offerEnd: '2026-12-31T21:59:59.000Z',
  isNew: true,
  visible: false,
  stock: 0,
  categories: ['essential-oils', 'aroma-diffusers'],
  tags: ['calm', 'sleep'],
  images: ['https://shop.example/uploads/products/a-800.webp'],
  variants: [
    { color: null, size: '10ml', price: null, stock: 4 },
    { color: 'amber', size: '30ml', price: 52000, stock: 0 },
  ],
};

describe('cells of the products CSV', () => {
  it('reads prices as people type them: thousands commas, Arabic-Indic digits, decimal commas, currency words', () => {
    expect(readMoney('1,250.50')).toEqual({ ok: true, value: 125050 });
    expect(readMoney('١٬٢٥٠٫٥٠')).toEqual({ ok: true, value: 125050 });
    expect(readMoney('١٢٥٠')).toEqual({ ok: true, value: 125000 });
    expect(readMoney('1.250,50')).toEqual({ ok: true, value: 125050 });
    expect(readMoney('99,5')).toEqual({ ok: true, value: 9950 });
    expect(readMoney('EGP 45')).toEqual({ ok: true, value: 4500 });
    expect(readMoney('45 ج.م')).toEqual({ ok: true, value: 4500 });
    expect(readMoney(' 12.5 ')).toEqual({ ok: true, value: 1250 });
    expect(readMoney('')).toEqual({ ok: true, value: undefined });
    expect(readMoney('12.345')).toMatchObject({ ok: false, code: 'price_invalid' });
    expect(readMoney('twelve')).toMatchObject({ ok: false, code: 'price_invalid' });
    expect(readMoney('-3')).toMatchObject({ ok: false, code: 'negative' });
    expect(readMoney('=A1*2')).toMatchObject({ ok: false, code: 'formula' });
    expect(plainNumber('1,2,3')).toBeNull();
  });

  it('reads counts, refusing negative stock and fractions', () => {
    expect(readCount('١٥')).toEqual({ ok: true, value: 15 });
    expect(readCount('1,200')).toEqual({ ok: true, value: 1200 });
    expect(readCount('7.0')).toEqual({ ok: true, value: 7 });
    expect(readCount('-5')).toMatchObject({ ok: false, code: 'negative' });
    expect(readCount('2.5')).toMatchObject({ ok: false, code: 'number_invalid' });
    expect(readCount('@SUM(A1)')).toMatchObject({ ok: false, code: 'formula' });
  });

  it('refuses a cell that starts like a formula, and reads back one the export neutralised', () => {
    for (const cell of ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(1)', '\t=1', ' =HYPERLINK("x")'])
      expect(readText(cell)).toMatchObject({ ok: false, code: 'formula' });
    expect(readText(neutralise('=1+1'))).toEqual({ ok: true, value: '=1+1' });
    expect(readText(neutralise('- a list'))).toEqual({ ok: true, value: '- a list' });
    expect(readText("'quoted")).toEqual({ ok: true, value: "'quoted" });
    expect(readText('a\r\nb')).toEqual({ ok: true, value: 'a\nb' });
  });

  it('reads flags in the shop languages and dates as instants or Cairo days', () => {
    expect(readBoolean('نعم')).toEqual({ ok: true, value: true });
    expect(readBoolean('No')).toEqual({ ok: true, value: false });
    expect(readBoolean('perhaps')).toMatchObject({ ok: false, code: 'boolean_invalid' });
    // The offer ends as the Cairo day ends (UTC+2 in winter).
    expect(readInstant('2026-12-31')).toEqual({ ok: true, value: '2026-12-31T21:59:59.000Z' });
    expect(readInstant('2026-02-30')).toMatchObject({ ok: false, code: 'date_invalid' });
    expect(readInstant('2026-05-01T10:00:00+03:00')).toEqual({ ok: true, value: '2026-05-01T07:00:00.000Z' });
  });

  it('knows a column by its header however it is spelt', () => {
    expect(columnOf('\uFEFFSKU')).toBe('sku');
    expect(columnOf(' Name EN ')).toBe('name_en');
    expect(columnOf('variant-color')).toBe('variant_colour');
    expect(columnOf('prix')).toBeUndefined();
    expect(formatMoney(125050)).toBe('1250.50');
    expect(formatMoney(5)).toBe('0.05');
  });
});

describe('reading a products CSV', () => {
  const exported = () => [productCsvColumns.join(','), ...productRows(product).map((r) => Papa.unparse([r]))].join('\r\n');

  it('reads back what the export writes: variants as rows, neutralised cells, line breaks in cells', () => {
    const file = parsed(`\uFEFF${exported()}\r\n`);
    expect(file.rows).toBe(2);
    expect(file.products).toHaveLength(1);
    const [p] = file.products;
    expect(p!.issues).toEqual([]);
    expect(p!.lines).toEqual([2, 3]);
    expect(p!.fields).toMatchObject({
      sku: 'OIL-1',
      name: product.name,
      shortDescription: product.shortDescription,
      fullDescription: product.fullDescription,
      price: 125050,
      discount: 10,
      offerEnd: product.offerEnd,
      isNew: true,
      visible: false,
      categories: product.categories,
      tags: product.tags,
      images: product.images,
    });
    expect(p!.variants!.map(({ line: _line, ...v }) => v)).toEqual(product.variants);
  });

  it('reads Excel\'s Arabic export: BOM, CRLF and ";" between cells, Arabic-Indic digits and decimal commas', () => {
    const text = '\uFEFFsku;name_en;name_ar;price_egp;stock;categories\r\nA-1;Oud;عود;"1,250.50";١٢;essential-oils\r\nA-2;Musk;مسك;99,5;3;essential-oils\r\n';
    const file = parsed(text);
    expect(file.delimiter).toBe(';');
    expect(file.products.map((p) => [p.sku, p.fields.name?.ar, p.fields.price, p.fields.stock])).toEqual([
      ['A-1', 'عود', 125050, 12],
      ['A-2', 'مسك', 9950, 3],
    ]);
  });

  it('reads UTF-16 with its BOM (Excel\'s "Unicode text"), tabs between cells', () => {
    const text = 'sku\tname_ar\tprice_egp\r\nB-1\tورد\t٤٥\r\n';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      utf16[2 + i * 2] = text.charCodeAt(i) & 0xff;
      utf16[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    expect(parsed(utf16).products[0]!.fields).toMatchObject({ sku: 'B-1', name: { ar: 'ورد' }, price: 4500 });
  });

  it('refuses a file that is not text, has no rows, or unknown, missing or doubled columns', () => {
    expect(readProductCsv(new Uint8Array([0x73, 0x6b, 0x75, 0xff, 0xfe, 0xfd, 0x00, 0xc3]))).toEqual({ problem: 'encoding' });
    expect(readProductCsv(bytes('sku,name_en\r\n\r\n'))).toEqual({ problem: 'empty' });
    expect(readProductCsv(bytes(''))).toEqual({ problem: 'empty' });
    expect(readProductCsv(bytes('name_en,prix,Stock,stock\nA,1,2,3\n'))).toEqual({
      problem: 'columns',
      missing: ['sku'],
      unknown: ['prix'],
      duplicate: ['stock'],
    });
  });

  it('refuses more rows than the limit, saying how many there are', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `S-${i},${i}`).join('\n');
    expect(readProductCsv(bytes(`sku,stock\n${rows}\n`), { maxRows: 10 })).toEqual({ problem: 'too_many_rows', rows: 12, max: 10 });
    expect(MAX_IMPORT_ROWS).toBe(20_000);
  });

  it('refuses each bad cell by row and column: formulas, negative stock, bad prices, duplicate SKUs', () => {
    const text = [
      'sku,name_en,price_egp,stock,tags',
      'OK-1,Fine,10,1,calm',
      "=cmd|' /C calc'!A0,Evil,10,1,",
      'NEG-1,Negative,10,-4,',
      'PRC-1,Price,ten,2,',
      'DUP-1,First,10,1,',
      '',
      'dup-1,Second,10,1,',
      'FOR-1,@SUM(1),10,1,+x',
      ',No SKU,10,1,',
    ].join('\r\n');
    const file = parsed(text);
    const issues = file.products.flatMap((p) => p.issues);
    expect(issues).toEqual([
      { line: 3, column: 'sku', code: 'formula' },
      { line: 4, column: 'stock', code: 'negative' },
      { line: 5, column: 'price_egp', code: 'price_invalid' },
      { line: 8, column: 'sku', code: 'duplicate_sku', value: '6' },
      { line: 9, column: 'name_en', code: 'formula' },
      { line: 9, column: 'tags', code: 'formula' },
      { line: 10, column: 'sku', code: 'required' },
    ]);
    expect(file.products.find((p) => p.sku === 'OK-1')!.issues).toEqual([]);
  });

  it('refuses a variant row that contradicts its product, and cells past the header', () => {
    const text = ['sku,name_en,variant_size,variant_stock', 'V-1,Oil,10ml,1', 'V-1,Other name,30ml,2', 'V-2,Two,,', 'V-2,Two,,', 'X-1,Extra,,,surplus'].join(
      '\n',
    );
    const issues = parsed(text).products.flatMap((p) => p.issues);
    expect(issues).toEqual([
      { line: 3, column: 'name_en', code: 'variant_row_conflict', value: '2' },
      { line: 5, column: 'sku', code: 'duplicate_sku', value: '4' },
      { line: 6, column: null, code: 'too_many_cells' },
    ]);
  });
});
