import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/schemas/params.js';
import { AppError, notFound } from '../../errors.js';
import { canResend, countOutboxByStatus, findOutboxMessage, listOutbox } from '../../repositories/outbox-repository.js';
import { countAhead } from '../../repositories/admin-order-repository.js';
import { mailShop } from '../../services/outbox-sender.js';
import { renderMessage } from '../../messages/render.js';
import { sendAgain } from '../../use-cases/messages.js';
import { requestContext } from '../../use-cases/use-case.js';
import { withOrderToken } from '../../messages/message-order.js';
import { secretLinkKinds, type MessageKind } from '../../messages/kinds.js';
import type { OutboxStatus } from '../../db/schema.js';
import {
  outboxListSchema,
  outboxPreviewSchema,
  outboxQuerySchema,
  outboxResendSchema,
  outboxStatuses,
  type MessageKindValue,
  type OutboxStatusValue,
} from '../../../shared/schemas/outbox.js';

// The wire's lists and the server's types name the same kinds and statuses (a compile-time check).
type Same<A, B> = [A, B] extends [B, A] ? true : never;
true satisfies Same<MessageKind, MessageKindValue> & Same<OutboxStatus, OutboxStatusValue>;

const messageNotFound = () => notFound('outbox_message_not_found', 'No such message in the outbox.');

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const read = { permission: 'outbox.read' } as const;
const send = { permission: 'outbox.send' } as const;

/** The messages the shop sent (decision 021): list with counts, preview as rendered now, send again. */
const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, outbox } = app.shop;

  app.get('/api/admin/outbox', { config: read, schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } } }, async (request) => {
    const q = request.query;
    // Each status is counted as far as a list page would count (decision 014).
    const upTo = countAhead(q.pageSize);
    const [found, counted] = await Promise.all([listOutbox(db, q), countOutboxByStatus(db, { upTo })]);
    const counts = { pending: 0, sent: 0, failed: 0, held: 0 };
    const countsExact = { pending: true, sent: true, failed: true, held: true };
    for (const s of outboxStatuses) {
      counts[s] = Math.min(counted[s], upTo);
      countsExact[s] = counted[s] <= upTo;
    }
    return {
      items: found.items.map((e) => ({ ...e, resendable: canResend(e) })),
      total: found.total,
      totalExact: found.totalExact,
      page: q.page,
      pageSize: q.pageSize,
      counts,
      countsExact,
      sending: outbox.sending,
    };
  });

  // Rendered as the sender renders it now: the order link gets its token, as in the e-mail. A sent
  // secret link was blanked (decision 021) and stays blank: the answer says so.
  app.get('/api/admin/outbox/:id/preview', { config: read, schema: { params: idParams, response: { 200: outboxPreviewSchema } } }, async (request, reply) => {
    const entry = await findOutboxMessage(db, request.params.id);
    if (!entry) throw messageNotFound();
    const mail = renderMessage(withOrderToken(entry.message, app.shop.secret), mailShop(await app.shop.settings.current()), app.shop.labels);
    reply.header('Cache-Control', 'no-store');
    const message = entry.message as { link?: unknown };
    return {
      id: entry.id,
      kind: entry.kind,
      status: entry.status,
      recipient: entry.recipient,
      language: entry.language,
      ...mail,
      linkRemoved: secretLinkKinds.has(entry.kind) && !message.link,
    };
  });

  app.post('/api/admin/outbox/:id/resend', { config: send, schema: { params: idParams, response: { 200: outboxResendSchema } } }, async (request) => {
    const outcome = await sendAgain(await requestContext(request), { id: request.params.id });
    if (outcome === 'not_found') throw messageNotFound();
    if (outcome === 'not_resendable')
      throw new AppError(409, 'message_not_resendable', 'This message cannot be sent again: it is on its way, or its link was single-use.');
    return { ok: true as const, status: 'pending' as const };
  });
};

export default adminOutboxRoutes;
