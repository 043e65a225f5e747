import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../shared/schemas/params.js';
import { staffInviteAnswerSchema, staffInviteInputSchema, staffListSchema, staffRoleInputSchema } from '../../../shared/schemas/staff.js';
import { inviteStaff, resendInvite, setStaffRole, staffList, withdrawInvite } from '../../use-cases/staff.js';
import { requestContext } from '../../use-cases/use-case.js';

// The permission each route needs (decision 030): declared on the route, checked by one hook for all.
const manage = { permission: 'staff.manage' } as const;

/** The shop's staff (issue 32): who is on it, invitations, roles, removal. The owner's alone. */
const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/staff', { config: manage, schema: { response: { 200: staffListSchema } } }, async (request) => staffList(await requestContext(request)));

  app.post(
    '/api/admin/staff/invites',
    { config: manage, bodyLimit: 4 * 1024, schema: { body: staffInviteInputSchema, response: { 201: staffInviteAnswerSchema } } },
    async (request, reply) => reply.status(201).send(await inviteStaff(await requestContext(request), request.body)),
  );

  app.post(
    '/api/admin/staff/invites/:id/resend',
    { config: manage, schema: { params: idParams, response: { 200: staffInviteAnswerSchema } } },
    async (request) => resendInvite(await requestContext(request), request.params.id),
  );

  app.delete('/api/admin/staff/invites/:id', { config: manage, schema: { params: idParams, response: { 204: z.undefined() } } }, async (request, reply) => {
    await withdrawInvite(await requestContext(request), request.params.id);
    return reply.status(204).send();
  });

  app.put(
    '/api/admin/staff/:id/role',
    { config: manage, schema: { params: idParams, body: staffRoleInputSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await setStaffRole(await requestContext(request), request.params.id, request.body.role);
      return reply.status(204).send();
    },
  );

  /** Removes a person from the staff: their account stays a customer's, every session of theirs ends at once. */
  app.delete('/api/admin/staff/:id', { config: manage, schema: { params: idParams, response: { 204: z.undefined() } } }, async (request, reply) => {
    await setStaffRole(await requestContext(request), request.params.id, 'customer');
    return reply.status(204).send();
  });
};

export default adminStaffRoutes;
