/** One block of a blog post's body: a subheading or a paragraph. */
export type BlogBlock = { kind: 'h2' | 'p'; text: string };

/**
 * A post's body, as the blog writes it: paragraphs separated by blank lines, a block whose first
 * line starts with `## ` opens with a subheading; the lines of a paragraph join with one space.
 */
export function parseBlogBody(body: string): BlogBlock[] {
  const blocks: BlogBlock[] = [];
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim());
    if (lines[0]?.startsWith('## ')) {
      blocks.push({ kind: 'h2', text: lines[0].slice(3).trim() });
      lines.shift();
    }
    const text = lines.join(' ').trim();
    if (text) blocks.push({ kind: 'p', text });
  }
  return blocks;
}

/** Minutes to read a text at 200 words a minute, rounded up, at least 1. */
export function readingMinutes(body: string): number {
  const words = body.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}
