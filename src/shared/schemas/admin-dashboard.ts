import { z } from 'zod';
import { orderStatuses } from '../domain/order-status.js';

const periods = z.object({ today: z.number(), days7: z.number(), days30: z.number() });
/** A number of orders and their revenue (piastres). */
const ordersAndRevenue = z.object({ orders: z.number(), revenue: z.number() });

/**
 * `GET /api/admin/dashboard`. Money in piastres; days are Cairo calendar days. Revenue counts
 * confirmed orders and those further on (shipped, delivered), not the cancelled, refused or
 * returned ones; orders placed but not yet confirmed (awaiting the customer's confirmation or an
 * online payment) are counted apart in `unconfirmed`. Order counts include every order placed.
 */
export const dashboardSchema = z.object({
  revenue: periods,
  orders: periods,
  unconfirmed: z.object({ orders: periods, revenue: periods }),
  /**
   * What needs doing now, each the size of the admin list it links to: orders awaiting the
   * customer's confirmation, confirmed orders to ship, products running out that still sell (5 or
   * fewer left, sold in the last 30 days), and messages that failed to send (counted up to 1,000).
   */
  todo: z.object({ awaitingConfirmation: z.number(), toShip: z.number(), toReorder: z.number(), failedMessages: z.number() }),
  /** All-time number of orders in each status. */
  byStatus: z.record(z.enum(orderStatuses), z.number()),
  /** The last 30 days, oldest first, days without orders as zeros; revenue as above (confirmed and later). */
  sales: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number() })),
  /** Visible products with 5 or fewer left (variants summed), fewest first. */
  lowStock: z.array(z.object({ id: z.number(), name: z.string(), sku: z.string(), stock: z.number() })),
  /** Top 5 products by quantity over the last 30 days. */
  bestSellers: z.array(z.object({ productId: z.number(), name: z.string(), quantity: z.number(), revenue: z.number() })),
  /**
   * WhatsApp confirmations recorded over the last 30 Cairo days (decision 022), each order by its
   * last answer; `rate` is confirmed ÷ (confirmed + refused), 0-1, null when nobody answered.
   */
  confirmation: z.object({ confirmed: z.number(), no_answer: z.number(), refused: z.number(), rate: z.number().nullable() }),
  /**
   * How the orders of the last 30 Cairo days were paid, cancelled and returned ones left out (as
   * in `revenue`): `online` through Paymob (paid, perhaps refunded since: revenue net of refunds),
   * `cod` cash on delivery. Orders still waiting for an online payment are in neither.
   */
  payments: z.object({ online: ordersAndRevenue, cod: ordersAndRevenue }),
  latest: z.array(
    z.object({ id: z.number(), number: z.string(), customerName: z.string(), total: z.number(), status: z.enum(orderStatuses), createdAt: z.string() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** One contact-form message in the admin inbox. */
export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
  handled: z.boolean(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** `GET /api/admin/messages`: a page of messages plus the unread count of the whole inbox. */
export const messagePageSchema = z.object({
  items: z.array(contactMessageSchema),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messageFilters = ['all', 'unread'] as const;
export type MessageFilter = (typeof messageFilters)[number];

/** `PATCH /api/admin/messages/:id`. */
export const messageUpdateSchema = z.object({ handled: z.boolean({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_type') }) }).strict();
