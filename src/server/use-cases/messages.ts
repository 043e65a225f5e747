import { resendMessage } from '../repositories/outbox-repository.js';
import { inTransaction, type UseCaseContext } from './use-case.js';

/** The merchant sends a held or failed message again: it is due at once, and the job runner takes it after the commit. */
export async function sendAgain(ctx: UseCaseContext, { id }: { id: number }): Promise<Awaited<ReturnType<typeof resendMessage>>> {
  return inTransaction(ctx, async ({ trx, after }) => {
    const outcome = await resendMessage(trx, id, ctx.now);
    if (outcome === 'queued') after.jobAdded();
    return outcome;
  });
}
