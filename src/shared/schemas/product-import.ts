import { z } from 'zod';
import { csvIssueCodes, productCsvColumns } from '../domain/product-csv.js';

/**
 * The catalogue import's wire shapes (issue 32, decision 040): a run (its preview's counts, its
 * progress and its report) and its rows, paged per view.
 */

/** Largest file accepted, in bytes. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const importStatuses = ['previewed', 'applying', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** What the preview decided for a product of the file. */
export const importActions = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof importActions)[number];

/** What applying did with it. */
export const importOutcomes = ['created', 'updated', 'failed'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

/** Why a product passed by the preview was not written when the import ran (`importFailures.<code>`). */
export const importFailureCodes = ['sku_taken', 'stock_moved', 'product_not_found', 'category_unknown', 'image_missing', 'invalid'] as const;
export type ImportFailureCode = (typeof importFailureCodes)[number];

/** Why a picture given by URL was not fetched (`importPictures.<code>`): the product is imported without it. */
export const pictureFailureCodes = ['too_large', 'not_image', 'timeout', 'unreachable', 'refused', 'http_error'] as const;
export type PictureFailureCode = (typeof pictureFailureCodes)[number];

export const importRunSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  status: z.enum(importStatuses),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** What the preview found: rows of the file, and its products by what applying would do. */
  preview: z.object({
    rows: z.number(),
    products: z.number(),
    create: z.number(),
    update: z.number(),
    unchanged: z.number(),
    error: z.number(),
  }),
  /** Products written or refused so far, of those to write (create + update). */
  progress: z.object({ done: z.number(), total: z.number() }),
  /** What applying did; zeros until it runs. */
  report: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), failed: z.number(), picturesFailed: z.number() }),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importIssueSchema = z.object({
  line: z.number(),
  column: z.enum(productCsvColumns).nullable(),
  code: z.enum(csvIssueCodes),
  value: z.string().optional(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

const cellValue = z.union([z.string(), z.array(z.string())]).nullable();

export const importRowSchema = z.object({
  id: z.number(),
  /** The product's first row in the file. */
  line: z.number(),
  sku: z.string(),
  name: z.string(),
  action: z.enum(importActions),
  productId: z.number().nullable(),
  issues: z.array(importIssueSchema),
  /** For an update: each field that changes, as its cell reads before and after. */
  changes: z.array(z.object({ field: z.string(), before: cellValue, after: cellValue })),
  outcome: z.enum(importOutcomes).nullable(),
  failure: z.enum(importFailureCodes).nullable(),
  /** Pictures given by URL that could not be fetched; the product was imported without them. */
  pictures: z.array(z.object({ url: z.string(), code: z.enum(pictureFailureCodes) })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** The lists of a run: the preview's four, and after applying the refused products and the pictures not fetched. */
export const importViews = ['error', 'create', 'update', 'unchanged', 'failed', 'pictures'] as const;
export type ImportView = (typeof importViews)[number];

export const importRowsQuerySchema = z
  .object({
    view: z.enum(importViews),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type ImportRowsQuery = z.infer<typeof importRowsQuerySchema>;

export const importRowListSchema = z.object({ items: z.array(importRowSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type ImportRowList = z.infer<typeof importRowListSchema>;

/** The details of a refused file (`import_columns`, `too_many_rows`). */
export const importColumnsDetails = z.object({ missing: z.array(z.string()), unknown: z.array(z.string()), duplicate: z.array(z.string()) });
export type ImportColumnsDetails = z.infer<typeof importColumnsDetails>;
