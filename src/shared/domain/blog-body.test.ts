import { describe, expect, it } from 'vitest';
import { parseBlogBody, readingMinutes } from './blog-body.js';

describe('blog body', () => {
  it('splits paragraphs on blank lines and joins the lines of one paragraph', () => {
    expect(parseBlogBody('First line\nsecond line.\n\n  Another paragraph.  ')).toEqual([
      { kind: 'p', text: 'First line second line.' },
      { kind: 'p', text: 'Another paragraph.' },
    ]);
  });

  it('reads a block starting with "## " as a subheading, followed by its paragraph if any', () => {
    expect(parseBlogBody('Lead.\n\n## Choosing oud\nStart with a sample.\n\n## Only a heading')).toEqual([
      { kind: 'p', text: 'Lead.' },
      { kind: 'h2', text: 'Choosing oud' },
      { kind: 'p', text: 'Start with a sample.' },
      { kind: 'h2', text: 'Only a heading' },
    ]);
  });

  it('ignores blank blocks, lines of spaces between paragraphs and a "##" without a space', () => {
    expect(parseBlogBody('\n\nOne.\n   \nTwo\n\n\n\n##Not a heading')).toEqual([
      { kind: 'p', text: 'One.' },
      { kind: 'p', text: 'Two' },
      { kind: 'p', text: '##Not a heading' },
    ]);
    expect(parseBlogBody('')).toEqual([]);
  });

  it('counts reading minutes at 200 words a minute, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
    expect(readingMinutes('مرحبا بكم\n\nفي المتجر')).toBe(1);
  });
});
