import type { FastifyInstance } from 'fastify';

/** Categories for the merchant. */
export default async function adminCategoryRoutes(_app: FastifyInstance): Promise<void> {}
