import { z } from 'zod';

/** One query and how often shoppers searched it. */
export const searchCountSchema = z.object({ query: z.string(), searches: z.number().int() });

/** GET /api/admin/search-stats: the last 30 days' 20 most searched queries, and the 20 most searched that found nothing. */
export const searchStatsSchema = z.object({ top: z.array(searchCountSchema), noResults: z.array(searchCountSchema) });
export type SearchStatsAnswer = z.infer<typeof searchStatsSchema>;
