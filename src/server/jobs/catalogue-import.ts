import type { ShopContext } from '../context.js';
import { continueImport, type ApplyOptions } from '../use-cases/catalogue-import-apply.js';
import { systemContext } from '../use-cases/use-case.js';
import type { JobHandler } from './runner.js';

/** The job's kind (stored in `jobs.kind`, so stable once released); its unique key is `catalogue-import:<run id>`. */
export const catalogueImportKind = 'catalogue-import';

/**
 * Applies a previewed catalogue import (issue 32, decision 040), enqueued when the merchant
 * presses Apply: writes the run's products a batch at a time, and hands back to the runner near
 * its lease's end or when it stops (`{ again: now }`: the next claim goes on from the next batch).
 * A process killed in the middle leaves its lease to run out; the run's rows say what is written,
 * so the next runner writes only the rest.
 */
export function catalogueImport(deps: { shop: () => ShopContext | undefined; options?: ApplyOptions }): JobHandler<{ importId: number }> {
  return {
    async run(payload, job) {
      const shop = deps.shop();
      if (!shop) return { again: new Date(job.now().getTime() + 5_000) };
      const ctx = systemContext(shop, job.log, { now: job.now() });
      const result = await continueImport(ctx, payload.importId, { ...deps.options, deadline: job.deadline, stopping: job.stopping });
      return result === 'again' ? { again: job.now() } : undefined;
    },
  };
}
