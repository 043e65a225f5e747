import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stockAlertWaitingSchema } from '../../../shared/schemas/stock-alerts.js';
import { stockAlertsWaiting } from '../../use-cases/stock-alerts.js';
import { requestContext } from '../../use-cases/use-case.js';

/** What shoppers wait for (issue 34, decision 046): the products most waited for, to decide what to restock. */
const adminStockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/stock-alerts', { config: { permission: 'catalogue.read' }, schema: { response: { 200: stockAlertWaitingSchema } } }, async (request) =>
    stockAlertsWaiting(await requestContext(request)),
  );
};

export default adminStockAlertRoutes;
