/**
 * Who may do what in the admin (issue 28, decision 030): named permissions, and the roles that
 * hold them. The server checks them on every /api/admin route; the admin UI asks the same helpers
 * to hide what a role may not use. Roles and their permissions are data: a new staff role is a new
 * entry in `rolePermissions`, not a new check anywhere.
 */
export const permissions = [
  /** Sales figures and what shoppers search for. */
  'dashboard.read',
  'orders.read',
  /** Status changes and the customer's answer to the confirmation message. */
  'orders.update',
  /** Every matching order at once, with customers' names and phones, as a spreadsheet. */
  'orders.export',
  /** Give money paid online back to the shopper, through Paymob. */
  'payments.refund',
  /** Products and categories as the merchant sees them (hidden ones too), and the products' CSV. */
  'catalogue.read',
  /** Create, edit, hide, delete products and categories; upload pictures. */
  'catalogue.write',
  /** Promotions (coupon codes and automatic offers) with their usage reports. */
  'promotions.read',
  /** Create, edit, pause and delete promotions. */
  'promotions.write',
  /** Buyers' reviews waiting, published and rejected, with their order numbers. */
  'reviews.read',
  /** Publish, reject and reply to reviews; whether new ones publish at once. */
  'reviews.write',
  /** Shoppers' returns and exchanges, with their orders' lines and photos. */
  'returns.read',
  /** Approve, refuse, receive, refund and exchange returns; the return window. A refund through Paymob also needs payments.refund. */
  'returns.update',
  /** The contact-form inbox. */
  'messages.read',
  /** Mark a contact message handled or not, delete it. */
  'messages.update',
  /** The e-mails the shop sent or holds, as rendered. */
  'outbox.read',
  /** Send an outbox message again. */
  'outbox.send',
  'settings.read',
  'settings.write',
  /** Staff accounts and their roles (issue 32). */
  'staff.manage',
  /** The record of who changed what. */
  'audit.read',
  /** The risk rules and the blocklist of phone numbers and e-mails (issue 33). */
  'risk.read',
  /** Change the risk rules; block and unblock a phone number or e-mail. */
  'risk.manage',
] as const;
export type Permission = (typeof permissions)[number];

/** The part of a permission before the dot: `orders` in `orders.update`. */
export type PermissionArea = Permission extends `${infer Area}.${string}` ? Area : never;

/** A permission, every permission of one area (`orders.*`), or every permission there is (`*`). */
export type PermissionPattern = Permission | `${PermissionArea}.*` | '*';

/**
 * Each staff role's permissions (issue 32). The owner holds `*`, so a permission added later is
 * theirs at once; the manager runs the shop but not its staff or settings; Orders staff see and
 * move orders (packing slips, the customer's answer to the confirmation message), see the risk rules
 * and the blocklist (not change them), and nothing of
 * prices or the customers' export; Catalogue staff keep products, categories, stock and imports.
 * A customer holds nothing, and so does any role not named here.
 */
export const rolePermissions = {
  owner: ['*'],
  manager: ['dashboard.*', 'orders.*', 'payments.*', 'catalogue.*', 'promotions.*', 'reviews.*', 'returns.*', 'messages.*', 'outbox.*', 'audit.*', 'risk.*'],
  orders: ['orders.read', 'orders.update', 'returns.*', 'risk.read'],
  catalogue: ['catalogue.*'],
  customer: [],
} as const satisfies Record<string, readonly PermissionPattern[]>;
export type Role = keyof typeof rolePermissions;

/** The roles a person of the shop's staff can have, in the order the staff page offers them. */
export const staffRoles = ['owner', 'manager', 'orders', 'catalogue'] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];
/** What `users.role` holds: a customer, or one of the staff roles. */
export type StoredRole = 'customer' | StaffRole;

/** True when `value` is a staff role. */
export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (staffRoles as readonly string[]).includes(value);

/** The permissions a list of patterns grants, in the order of `permissions`. */
function expand(patterns: readonly PermissionPattern[]): readonly Permission[] {
  return permissions.filter((p) => patterns.some((pattern) => pattern === '*' || pattern === p || pattern === `${p.split('.')[0]}.*`));
}

const granted = new Map<string, ReadonlySet<Permission>>(Object.entries(rolePermissions).map(([role, patterns]) => [role, new Set(expand(patterns))]));
const none: ReadonlySet<Permission> = new Set();

/** True when `value` names a permission of the list (a route's declared permission is checked with it). */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (permissions as readonly string[]).includes(value);
}

/** Every permission `role` holds, in the order of `permissions`; none for a customer or an unknown role. */
export function permissionsOf(role: string | null | undefined): readonly Permission[] {
  return [...(granted.get(role ?? '') ?? none)];
}

/** True when `role` holds `permission`. An unknown or missing role holds nothing (fail closed). */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return (granted.get(role ?? '') ?? none).has(permission);
}

/** True when `role` may enter the admin at all: it holds at least one permission. */
export function isStaff(role: string | null | undefined): boolean {
  return (granted.get(role ?? '') ?? none).size > 0;
}
