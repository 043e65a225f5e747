import zlib from 'node:zlib';

const FIELDS = ['full_description_en', 'full_description_ar', 'full_description_fr', 'full_description_de'] as const;

/** A product's long descriptions, one per language (null where not entered). */
export type StoredDescription = Record<(typeof FIELDS)[number], string | null>;
export type DescriptionRow = { id: number } & StoredDescription;

/** Products a block holds: a lookup inflates one block (about 10 KB of text at 100,000 products). */
const BLOCK = 32;

interface Block {
  /** The block's texts, UTF-8, one after another (product by product, FIELDS order), deflated. */
  data: Buffer;
  /** Byte offset where each text ends in the inflated data (BLOCK × FIELDS entries at most). */
  ends: Uint32Array;
}

/**
 * The long descriptions of the whole catalogue, kept compressed in blocks of consecutive
 * products (decision 020): a product page reads its description from here instead of asking the
 * database, one round trip per uncached page on PostgreSQL. Built once from rows in id order
 * (`add`, then `finish`) and never changed after: the catalogue keeps apart the products edited
 * since the rows were read and asks the database for those. Past `maxBytes` of compressed data
 * the products that follow are not kept (they are read as before), so memory stays bounded.
 */
export class DescriptionStore {
  private readonly ids: number[] = [];
  private readonly blocks: Block[] = [];
  private pending: DescriptionRow[] = [];
  private full = false;
  /** Compressed bytes kept. */
  bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** How many products' descriptions are kept. */
  get size(): number {
    return this.ids.length;
  }

  /** Adds rows in increasing id order (after every row added before); false once the budget is spent. */
  add(rows: readonly DescriptionRow[]): boolean {
    for (const row of rows) {
      if (this.full) return false;
      this.pending.push(row);
      if (this.pending.length === BLOCK) this.seal();
    }
    return !this.full;
  }

  /** Seals the last, partly filled block. */
  finish(): this {
    if (this.pending.length && !this.full) this.seal();
    this.pending = [];
    // Every block but the last holds BLOCK products (read() counts on it): nothing more is added.
    this.full = true;
    return this;
  }

  private seal(): void {
    const rows = this.pending;
    this.pending = [];
    const texts: string[] = [];
    const ends = new Uint32Array(rows.length * FIELDS.length);
    let end = 0;
    for (const row of rows)
      for (const field of FIELDS) {
        const value = row[field] ?? '';
        end += Buffer.byteLength(value);
        ends[texts.length] = end;
        texts.push(value);
      }
    // Level 1: a whole catalogue is compressed in the background after a load; higher levels
    // took about 40 % longer for 10 % fewer bytes.
    // Copied to its own size: zlib returns a view of its 16 KB output chunk, so each block of about
    // 2 KB held 16 KB (50 MB more RSS at 100,000 products).
    const data = Buffer.from(zlib.deflateRawSync(Buffer.from(texts.join('')), { level: 1 }));
    if (this.bytes + data.length > this.maxBytes) {
      this.full = true;
      return;
    }
    this.bytes += data.length;
    this.blocks.push({ data, ends });
    for (const row of rows) this.ids.push(row.id);
  }

  /** The descriptions of product `id` as they were read, or undefined when it is not kept. */
  get(id: number): StoredDescription | undefined {
    const ids = this.ids;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = ids[mid]!;
      if (at === id) return this.read(mid);
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  private read(index: number): StoredDescription {
    const block = this.blocks[Math.floor(index / BLOCK)]!;
    const text = zlib.inflateRawSync(block.data);
    const first = (index % BLOCK) * FIELDS.length;
    const out = {} as StoredDescription;
    FIELDS.forEach((field, k) => {
      const start = first + k === 0 ? 0 : block.ends[first + k - 1]!;
      const value = text.toString('utf8', start, block.ends[first + k]);
      // Stored as '' when not entered: shown alike (the page falls back to English).
      out[field] = value === '' ? null : value;
    });
    return out;
  }
}

/**
 * Reads every visible product's descriptions page by page (`read(afterId, limit)`, id order) into
 * a store, in slices of about `sliceMs` of work each followed by three times as long a pause: it
 * runs after a whole load, while shoppers are answered, and nothing waits for it, so it takes at
 * most about a quarter of the event loop (yielding with setImmediate alone, a listing asked
 * meanwhile waited 6.5 ms at p50 instead of 1.1 on the busy machine; half of it, 3.9 ms).
 * Resolves to null when `cancelled()` turns true (a newer whole load took its place).
 */
export async function buildDescriptionStore(
  read: (afterId: number, limit: number) => Promise<DescriptionRow[]>,
  options: { pageSize?: number; maxBytes?: number; sliceMs?: number; cancelled?: () => boolean } = {},
): Promise<DescriptionStore | null> {
  // Pages of 250: the driver parses a page's rows in one go, outside the slices (2,000 rows of
  // synthetic descriptions held other requests for tens of ms on the busy machine).
  const { pageSize = 250, maxBytes, sliceMs = 5, cancelled = () => false } = options;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 3 * sliceMs));
  const store = new DescriptionStore(maxBytes);
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId, pageSize);
    if (cancelled()) return null;
    if (rows.length === 0) break;
    let sliceStart = performance.now();
    for (let i = 0; i < rows.length; i += BLOCK) {
      if (!store.add(rows.slice(i, i + BLOCK))) return store.finish();
      if (performance.now() - sliceStart >= sliceMs) {
        await pause();
        if (cancelled()) return null;
        sliceStart = performance.now();
      }
    }
    // The next page's rows are parsed in one go when they arrive: a pause before asking for them.
    await pause();
    afterId = rows.at(-1)!.id;
    if (rows.length < pageSize) break;
  }
  return store.finish();
}
