import Papa from 'papaparse';
import { fileUpload } from '../test-support.js';

// Helpers of the catalogue import's tests.

/** A CSV file as the import page's FormData sends it. */
export const csvUpload = (text: string | Buffer, filename = 'products.csv') =>
  fileUpload(Buffer.isBuffer(text) ? text : Buffer.from(text), filename, 'text/csv');

/** A CSV of these rows under these columns (`,` between cells, CRLF). */
export const csvOf = (columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>) =>
  `${Papa.unparse([columns, ...rows.map((r) => r.map(String))], { newline: '\r\n' })}\r\n`;
