import { z } from 'zod';

/** `GET /api/health`: 200 when every check says 'ok', 503 naming the failing check otherwise. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['sqlite', 'postgres']),
  storage: z.string(),
  /** 'unavailable' when the storefront's catalogue cannot be served (never loaded, last load failed). */
  catalogue: z.string(),
  eventLoop: z.string(),
  serving: z.string(),
  /** Only with REDIS_URL: 'unavailable' says 'degraded' but keeps the 200 (the shop serves without it). */
  redis: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;
