import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { enqueueJob } from '../repositories/job-repository.js';
import { productsBackInStock } from '../repositories/stock-alert-repository.js';

/** The job that e-mails a product's waiting shoppers (stored in `jobs.kind`, so stable once released). */
export const stockReturnedKind = 'stock_returned';

/**
 * The one place a restock is noticed (decision 046): every write that moves stock or changes
 * products declares it (`after.stockChanged`, `productsChanged`, `contentChanged('everything')`),
 * and `inTransaction` calls this last inside that transaction. Each of the products with confirmed
 * alerts whose item is in stock now gets a `stock_returned` job, committed with the change.
 * Answers whether any job was written (the runner is then woken after the commit).
 *
 * It asks "is it in stock now, and is somebody waiting?", not "did it go from 0 to more": an alert
 * is only taken on a sold-out item, so the two agree, and no write path has to say what it was
 * before. A job written twice for one restock is harmless: the job takes each alert once.
 */
export async function noteRestocks(trx: Transaction<Database>, productIds: readonly number[] | 'all', now: Date): Promise<boolean> {
  const back = await productsBackInStock(trx, productIds);
  for (const productId of back) await enqueueJob(trx, { kind: stockReturnedKind, payload: { productId } }, now);
  return back.length > 0;
}
