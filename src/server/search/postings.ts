/**
 * Posting lists kept compactly (decision 018): per list, the sorted document numbers that carry a
 * term in one field group. A list of one document is the number itself (most words, such as a SKU,
 * are in one product); longer lists are `Int32Array`s with spare room, so adding a document at
 * the end is amortised O(1) and adding or removing one in the middle is one native `copyWithin`.
 * Lists shrink when three quarters of their room is unused, and `compact` trims all after a build.
 */
export class Postings {
  private lists: (Int32Array | number | undefined)[] = [];
  private lengths = new Int32Array(1024);

  /** How many documents list `list` holds. */
  length(list: number): number {
    const value = this.lists[list];
    return value === undefined ? 0 : typeof value === 'number' ? 1 : (this.lengths[list] ?? 0);
  }

  /** Adds `doc` to `list` (nothing when it is there already). */
  add(list: number, doc: number): void {
    const value = this.lists[list];
    if (value === undefined) {
      this.lists[list] = doc;
      return;
    }
    if (typeof value === 'number') {
      if (value === doc) return;
      const docs = new Int32Array(4);
      docs[0] = Math.min(value, doc);
      docs[1] = Math.max(value, doc);
      this.lists[list] = docs;
      this.setLength(list, 2);
      return;
    }
    let docs = value;
    const n = this.lengths[list]!;
    const at = n && docs[n - 1]! < doc ? n : position(docs, n, doc);
    if (at < n && docs[at] === doc) return;
    if (n === docs.length) {
      const grown = new Int32Array(n * 2);
      grown.set(docs);
      this.lists[list] = docs = grown;
    }
    if (at < n) docs.copyWithin(at + 1, at, n);
    docs[at] = doc;
    this.lengths[list] = n + 1;
  }

  /** Takes `doc` out of `list` (nothing when it is not there). */
  remove(list: number, doc: number): void {
    const value = this.lists[list];
    if (value === undefined) return;
    if (typeof value === 'number') {
      if (value === doc) this.lists[list] = undefined;
      return;
    }
    const n = this.lengths[list]!;
    const at = position(value, n, doc);
    if (at === n || value[at] !== doc) return;
    value.copyWithin(at, at + 1, n);
    const left = n - 1;
    this.lengths[list] = left;
    if (left === 1) this.lists[list] = value[0]!;
    else if (value.length >= 16 && left * 4 <= value.length) this.lists[list] = value.slice(0, left * 2);
  }

  /** The documents of `list`, ascending: a view to read before the next change. */
  docs(list: number): Int32Array {
    const value = this.lists[list];
    if (value === undefined) return empty;
    if (typeof value === 'number') return Int32Array.of(value);
    return value.subarray(0, this.lengths[list]);
  }

  /** Trims every list to its length (after a bulk build, which leaves up to half of each unused). */
  compact(): void {
    this.lists.forEach((value, list) => {
      if (value instanceof Int32Array && value.length > this.lengths[list]!) this.lists[list] = value.slice(0, this.lengths[list]);
    });
  }

  private setLength(list: number, n: number): void {
    if (list >= this.lengths.length) {
      const grown = new Int32Array(Math.max(list + 1, this.lengths.length * 2));
      grown.set(this.lengths);
      this.lengths = grown;
    }
    this.lengths[list] = n;
  }
}

const empty = new Int32Array(0);

/** The first index in the sorted `docs[0..n)` whose value is ≥ `doc`. */
function position(docs: Int32Array, n: number, doc: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
