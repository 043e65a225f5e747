/** True when `If-None-Match` (a list, `*`, weak or strong tags) names this ETag (weak comparison, RFC 9110). */
export function notModified(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return [header]
    .flat()
    .flatMap((h) => h.split(','))
    .some((tag) => {
      const t = tag.trim();
      return t === '*' || t.replace(/^W\//, '') === bare;
    });
}
