import Papa from 'papaparse';

// Helpers of the catalogue import's tests.

/** A multipart body with one file part, as the import page's FormData sends it. */
export function csvUpload(text: string | Buffer, filename = 'products.csv') {
  const boundary = `----import${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.isBuffer(text) ? text : Buffer.from(text), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A CSV of these rows under these columns (`,` between cells, CRLF). */
export const csvOf = (columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>) =>
  `${Papa.unparse([columns, ...rows.map((r) => r.map(String))], { newline: '\r\n' })}\r\n`;
