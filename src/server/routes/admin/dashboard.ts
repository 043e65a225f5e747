import type { FastifyInstance } from 'fastify';

/** Figures for the dashboard. */
export default async function adminDashboardRoutes(_app: FastifyInstance): Promise<void> {}
