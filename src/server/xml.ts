// Characters XML 1.0 does not allow at all, even escaped: C0 controls but tab, line feed and
// carriage return, lone surrogates, U+FFFE and U+FFFF. A merchant's pasted text may carry them.
// eslint-disable-next-line no-control-regex
const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as an XML element's content or attribute value: markup characters escaped, characters XML cannot carry dropped. */
export function escapeXml(text: string): string {
  return text.replace(notXml, '').replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
