import { describe, expect, it } from 'vitest';
import { can, isPermission, isStaff, permissions, permissionsOf, rolePermissions } from './permissions.js';

describe('permissions', () => {
  it('gives the database admin, as the owner, every permission there is', () => {
    expect(permissionsOf('admin')).toEqual(permissions);
    expect(permissionsOf('owner')).toEqual(permissions);
    for (const p of permissions) expect(can('admin', p), p).toBe(true);
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

  it('keeps staff management and the audit trail for the owner', () => {
    for (const role of Object.keys(rolePermissions).filter((r) => r !== 'owner' && r !== 'admin')) {
      expect(can(role, 'staff.manage'), role).toBe(false);
      expect(can(role, 'audit.read'), role).toBe(false);
    }
  });

  it('lets a manager read the settings but not change them', () => {
    expect(can('manager', 'settings.read')).toBe(true);
    expect(can('manager', 'settings.write')).toBe(false);
    expect(can('manager', 'orders.export')).toBe(true);
    expect(isStaff('manager')).toBe(true);
  });

  it('lets the orders role work on orders without exporting them', () => {
    expect(permissionsOf('orders')).toEqual(['orders.read', 'orders.update', 'messages.read']);
    expect(can('orders', 'orders.export')).toBe(false);
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
