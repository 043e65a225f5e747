import { describe, expect, it } from 'vitest';
import { Postings } from './postings.js';

const docs = (postings: Postings, list: number) => [...postings.docs(list)];

describe('Postings', () => {
  it('keeps each list sorted and distinct whatever the order documents come in', () => {
    const postings = new Postings();
    for (const doc of [5, 1, 9, 3, 5, 7, 1, 0]) postings.add(2, doc);
    expect(docs(postings, 2)).toEqual([0, 1, 3, 5, 7, 9]);
    expect(postings.length(2)).toBe(6);
    expect(docs(postings, 0)).toEqual([]);
    expect(postings.length(0)).toBe(0);
  });

  it('removes documents, down to one and to none, and ignores absent ones', () => {
    const postings = new Postings();
    for (const doc of [4, 2, 8]) postings.add(1, doc);
    postings.remove(1, 3);
    postings.remove(1, 4);
    expect(docs(postings, 1)).toEqual([2, 8]);
    postings.remove(1, 2);
    expect(docs(postings, 1)).toEqual([8]);
    expect(postings.length(1)).toBe(1);
    postings.remove(1, 8);
    expect(docs(postings, 1)).toEqual([]);
    postings.add(1, 6);
    expect(docs(postings, 1)).toEqual([6]);
  });

  it('keeps long lists right through growth, shrinking and compaction', () => {
    const postings = new Postings();
    const expected = new Set<number>();
    for (let doc = 0; doc < 1000; doc += 3) {
      postings.add(7, doc);
      expected.add(doc);
    }
    for (let doc = 0; doc < 1000; doc += 2) {
      postings.remove(7, doc);
      expected.delete(doc);
    }
    postings.add(7, 500);
    expected.add(500);
    postings.compact();
    expect(docs(postings, 7)).toEqual([...expected].sort((a, b) => a - b));
    expect(postings.length(7)).toBe(expected.size);
  });
});
