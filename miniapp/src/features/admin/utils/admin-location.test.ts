import { describe, expect, it } from 'vitest';
import { adminRingPath, adminUserPath } from '@/config/paths';
import { ADMIN_SECTIONS, parseAdminPath } from './admin-location';

describe('console addresses', () => {
  it.each(ADMIN_SECTIONS)('/admin/%s is that section, with or without a trailing slash', (section) => {
    expect(parseAdminPath(`/admin/${section}`)).toEqual({ section });
    expect(parseAdminPath(`/admin/${section}/`)).toEqual({ section });
  });

  it("reads a user's page, its id escaped in the path", () => {
    expect(parseAdminPath(adminUserPath('3f0c-1'))).toEqual({ section: 'users', userId: '3f0c-1' });
    expect(parseAdminPath(adminUserPath('a/b'))).toEqual({ section: 'users', userId: 'a/b' });
  });

  it("reads a ring's page", () => {
    expect(parseAdminPath(adminRingPath('9b1d-2'))).toEqual({ section: 'integrity', ringId: '9b1d-2' });
    expect(parseAdminPath('/admin/integrity/a/b')).toBeNull();
  });

  it('knows nothing else (the console sends it to the dashboard)', () => {
    for (const path of ['/admin', '/admin/', '/admin/nowhere', '/admin/users/1/2', '/admin/users/%E0%A4%A', '/mining'])
      expect(parseAdminPath(path)).toBeNull();
  });
});
