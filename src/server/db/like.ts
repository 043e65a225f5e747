/**
 * `%`, `_` and the escape character itself in a searched text are text, not wildcards. Every
 * pattern made here goes with `escape '\'` in its LIKE, which both databases understand.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A case-insensitive "contains" pattern (`%term%`, lower-cased) for `lower(column) like ? escape '\'`. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term.toLowerCase())}%`;
}
