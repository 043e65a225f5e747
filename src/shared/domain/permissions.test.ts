import { describe, expect, it } from 'vitest';
import { can, isPermission, isStaff, isStaffRole, permissions, permissionsOf, rolePermissions, staffRoles } from './permissions.js';

describe('permissions', () => {
  it('gives the owner every permission there is, and the retired stored role `admin` nothing', () => {
    expect(permissionsOf('owner')).toEqual(permissions);
    for (const p of permissions) expect(can('owner', p), p).toBe(true);
    // Migration 022 stored every `admin` as `owner`: a row that still said admin would hold nothing.
    expect(isStaff('admin')).toBe(false);
  });

  it('gives a customer, a missing role and an unknown role nothing', () => {
    for (const role of ['customer', null, undefined, '', 'superuser', 'constructor', '__proto__', 'toString']) {
      expect(permissionsOf(role), String(role)).toEqual([]);
      expect(isStaff(role), String(role)).toBe(false);
      for (const p of permissions) expect(can(role, p), `${String(role)} ${p}`).toBe(false);
    }
  });

  it('expands an area pattern to that area only', () => {
    expect(permissionsOf('catalogue')).toEqual(['catalogue.read', 'catalogue.write']);
    expect(can('catalogue', 'settings.write')).toBe(false);
    expect(can('catalogue', 'orders.read')).toBe(false);
  });

  it('keeps staff and settings for the owner', () => {
    for (const role of staffRoles.filter((r) => r !== 'owner'))
      for (const p of ['staff.manage', 'settings.read', 'settings.write'] as const) expect(can(role, p), `${role} ${p}`).toBe(false);
  });

  it('gives a manager everything but staff and settings, the activity log included', () => {
    expect(permissionsOf('manager')).toEqual(permissions.filter((p) => !p.startsWith('staff.') && !p.startsWith('settings.')));
    expect(can('manager', 'audit.read')).toBe(true);
    expect(isStaff('manager')).toBe(true);
  });

  it('lets the orders role see and move orders and their returns, see the risk rules, and nothing of prices, exports or customers', () => {
    expect(permissionsOf('orders')).toEqual(['orders.read', 'orders.update', 'returns.read', 'returns.update', 'risk.read']);
    for (const p of ['orders.export', 'catalogue.write', 'catalogue.read', 'payments.refund', 'promotions.write', 'risk.manage'] as const)
      expect(can('orders', p), p).toBe(false);
  });

  it('names the staff roles, and nothing else is one', () => {
    expect(staffRoles).toEqual(['owner', 'manager', 'orders', 'catalogue']);
    for (const role of staffRoles) expect(isStaffRole(role) && isStaff(role), role).toBe(true);
    for (const role of ['customer', 'admin', '', null]) expect(isStaffRole(role), String(role)).toBe(false);
  });

  it('names only permissions of the list in every role, and each permission once', () => {
    expect(new Set(permissions).size).toBe(permissions.length);
    for (const p of permissions) expect(p).toMatch(/^[a-z]+\.[a-z]+$/);
    const areas = new Set(permissions.map((p) => p.split('.')[0]));
    for (const [role, patterns] of Object.entries(rolePermissions))
      for (const pattern of patterns as readonly string[]) {
        const ok = pattern === '*' || isPermission(pattern) || (pattern.endsWith('.*') && areas.has(pattern.slice(0, -2)));
        expect(ok, `${role}: ${pattern}`).toBe(true);
      }
  });

  it('recognises permission names and nothing else', () => {
    expect(isPermission('orders.read')).toBe(true);
    expect(isPermission('orders.*')).toBe(false);
    expect(isPermission('*')).toBe(false);
    expect(isPermission('orders.delete')).toBe(false);
    expect(isPermission(undefined)).toBe(false);
    expect(isPermission(['orders.read'])).toBe(false);
  });
});
