import type { FastifyInstance } from 'fastify';

/** Products for the merchant: list, create, edit, delete, bulk, images, CSV. */
export default async function adminProductRoutes(_app: FastifyInstance): Promise<void> {}
