import { deleteDoneJobsBefore } from '../repositories/job-repository.js';
import { deleteSentMessagesBefore } from '../repositories/outbox-repository.js';
import { deleteSearchStatsBefore } from '../repositories/search-stats-repository.js';
import { deleteAuditBefore } from '../repositories/audit-repository.js';
import { shopDay } from '../../shared/domain/shop-time.js';
import type { JobContext, JobHandler } from './runner.js';

/** Retention runs once a Cairo day from this hour on (the shop's quietest). */
export const RETENTION_HOUR = 3;
/** Search statistics are kept this many days (the admin's reports look back a year at most). */
export const SEARCH_STATS_DAYS = 365;
/** The activity log is kept this many days: two years at least (issue 32), then older entries go. */
export const AUDIT_DAYS = 2 * 366;
/** Rows deleted per statement: each statement is short, so a million old rows never hold a table long. */
export const RETENTION_BATCH = 1_000;

const DAY_MS = 86_400_000;

/**
 * The daily retention job (decision 032): deletes sent messages older than `messageRetentionDays`,
 * search statistics older than a year, done jobs older than the messages' retention and activity-log
 * entries older than two years (AUDIT_DAYS), in batches
 * by primary key. Failed, held and pending messages and failed jobs are kept for a person to see.
 * Near its lease's end, or when the runner stops, it hands back and runs again to finish.
 */
export function retention(opts: { messageRetentionDays: number; batch?: number }): JobHandler<{ day: string }> {
  const batch = opts.batch ?? RETENTION_BATCH;
  return {
    daily: { hour: RETENTION_HOUR },
    async run(_payload, ctx) {
      const now = ctx.now();
      const before = new Date(now.getTime() - opts.messageRetentionDays * DAY_MS);
      const statsBefore = shopDay(new Date(now.getTime() - SEARCH_STATS_DAYS * DAY_MS));
      const auditBefore = new Date(now.getTime() - AUDIT_DAYS * DAY_MS).toISOString();
      const steps: Array<[string, () => Promise<number>]> = [
        ['messages', () => deleteSentMessagesBefore(ctx.db, before, batch)],
        ['searchStats', () => deleteSearchStatsBefore(ctx.db, statsBefore, batch)],
        ['jobs', () => deleteDoneJobsBefore(ctx.db, before, batch)],
        ['activity', () => deleteAuditBefore(ctx.db, auditBefore, batch)],
      ];
      const deleted: Record<string, number> = {};
      for (const [name, step] of steps) {
        deleted[name] = 0;
        for (;;) {
          const n = await step();
          deleted[name] += n;
          if (n < batch) break;
          if (handBack(ctx)) {
            ctx.log.debug({ deleted }, 'retention: handing back, more to delete');
            return { again: ctx.now() };
          }
        }
      }
      // At info only when something went: a shop with nothing to delete writes nothing.
      if (Object.values(deleted).some((n) => n > 0)) ctx.log.info({ deleted }, 'retention: old rows deleted');
    },
  };
}

const handBack = (ctx: JobContext) => ctx.stopping() || ctx.now().getTime() > ctx.deadline;
