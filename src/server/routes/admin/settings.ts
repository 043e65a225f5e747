import type { FastifyInstance } from 'fastify';

/** Shop settings for the merchant. */
export default async function adminSettingsRoutes(_app: FastifyInstance): Promise<void> {}
