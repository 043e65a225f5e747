import { describe, expect, it } from 'vitest';
import { buildDescriptionStore, DescriptionStore, type DescriptionRow } from './description-store.js';

const row = (id: number): DescriptionRow => ({
  id,
  full_description_en: `Product ${id}: lavender at the heart.\n\nKeep away from children.`,
  full_description_ar: id % 3 ? `المنتج ${id}: لافندر في القلب.` : null,
  full_description_fr: id % 5 ? null : `Produit ${id} ✓`,
  full_description_de: '',
});

describe('DescriptionStore', () => {
  it('gives back every product kept, across blocks and pages, in every language (not entered as null)', async () => {
    // Ids with gaps, more than one page and a last block partly filled.
    const rows = Array.from({ length: 1000 }, (_, i) => row(3 + i * 7));
    let reads = 0;
    const store = await buildDescriptionStore(
      async (afterId, limit) => {
        reads++;
        return rows.filter((r) => r.id > afterId).slice(0, limit);
      },
      { pageSize: 300 },
    );
    expect(store!.size).toBe(1000);
    expect(reads).toBe(4);
    for (const r of rows) expect(store!.get(r.id)).toEqual({ ...r, id: undefined, full_description_de: null });
    expect(store!.get(4)).toBeUndefined();
    expect(store!.get(100_000)).toBeUndefined();
  });

  it('stops keeping products past its byte budget, so memory stays bounded (the rest are not kept)', () => {
    const store = new DescriptionStore(3_000);
    const rows = Array.from({ length: 500 }, (_, i) => row(i + 1));
    expect(store.add(rows)).toBe(false);
    store.finish();
    expect(store.bytes).toBeLessThanOrEqual(3_000);
    expect(store.size).toBeGreaterThan(0);
    expect(store.size).toBeLessThan(500);
    expect(store.get(1)?.full_description_en).toBe(rows[0]!.full_description_en);
    expect(store.get(500)).toBeUndefined();
  });

  it('is abandoned when cancelled (a newer whole load)', async () => {
    let cancel = false;
    const store = await buildDescriptionStore(
      async (afterId, limit) => {
        cancel = true;
        return Array.from({ length: limit }, (_, i) => row(afterId + i + 1));
      },
      { pageSize: 100, cancelled: () => cancel },
    );
    expect(store).toBeNull();
  });
});
