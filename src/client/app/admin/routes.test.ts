import { describe, expect, it } from 'vitest';
import { isPermission } from '../../../shared/domain/permissions';
import { adminRoute } from './routes';

describe('the admin pages', () => {
  it('each name a known permission, but the index, which sends each role where it may go', () => {
    const children = adminRoute.children ?? [];
    expect(children.length).toBeGreaterThan(5);
    for (const route of children) {
      if (route.index) expect(route.handle).toBeUndefined();
      else expect(isPermission((route.handle as { permission?: unknown } | undefined)?.permission), route.path).toBe(true);
    }
  });
});
