import { describe, expect, it } from 'vitest';
import { canAdministerUsers, ROLE_IDS } from '@sealplan/contracts';
import { NAV_ITEMS, visibleNavItems } from './navigation';
import { parseBookmarks } from './bookmarks';

const active = (pathname: string) =>
  NAV_ITEMS.filter((item) => item.isActive(pathname)).map((item) => item.key);

describe('sidebar highlight (spec §2)', () => {
  it('highlights Projects for any /projects path except /projects/create', () => {
    expect(active('/projects')).toEqual(['projects']);
    expect(active('/projects/3f1c')).toEqual(['projects']);
    expect(active('/projects/create')).toEqual(['newProject']);
    expect(active('/projectsX')).toEqual([]);
    expect(active('/dashboard')).toEqual(['dashboard']);
    expect(active('/users/all')).toEqual(['userAdmin']);
    expect(active('/catalogue')).toEqual(['catalogue']);
  });

  const keys = (roles: string[], isProviderOrganization = false) =>
    visibleNavItems({ roles, isProviderOrganization }).map((i) => i.key);

  it('shows User Admin exactly to the users its page admits (ADR 005: the same rule)', () => {
    const roles = Object.values(ROLE_IDS);
    for (const role of roles)
      for (const isProviderOrganization of [false, true]) {
        const user = { roles: [role], isProviderOrganization };
        expect(keys(user.roles, isProviderOrganization).includes('userAdmin'), role).toBe(
          canAdministerUsers(user),
        );
      }
    expect(keys(['SystemAdministrator'])).toContain('userAdmin');
  });

  it('shows User Admin to ElevatedUser, not to Administrator', () => {
    expect(keys(['Administrator'])).not.toContain('userAdmin');
    expect(keys(['ElevatedUser'])).toContain('userAdmin');
    expect(keys(['ElevatedUser'], true)).toEqual([
      'dashboard',
      'newProject',
      'projects',
      'customers',
      'userAdmin',
      'catalogue',
    ]);
  });

  it('shows Catalogue, after User Admin, only to SystemAdministrator and the provider ElevatedUser (ADR 008)', () => {
    expect(keys(['Administrator'])).not.toContain('catalogue');
    expect(keys(['Administrator'], true)).not.toContain('catalogue');
    expect(keys(['DefaultUser'])).not.toContain('catalogue');
    expect(keys(['SystemAdministrator'])).toEqual([
      'dashboard',
      'newProject',
      'projects',
      'customers',
      'userAdmin',
      'catalogue',
    ]);
  });

  it("hides Catalogue from a customer organization's ElevatedUser (the catalogue is provider-wide)", () => {
    expect(keys(['ElevatedUser', 'Administrator'], false)).toEqual([
      'dashboard',
      'newProject',
      'projects',
      'customers',
      'userAdmin',
    ]);
  });

  it('shows no restricted entry while nobody is signed in', () => {
    expect(visibleNavItems(null).map((i) => i.key)).toEqual([
      'dashboard',
      'newProject',
      'projects',
      'customers',
    ]);
  });
});

describe('parseBookmarks', () => {
  it('keeps same-site paths only', () => {
    const raw = JSON.stringify([
      { url: '/customers', label: 'Customers' },
      { url: 'https://evil.example/', label: 'x' },
      { url: '//evil.example/', label: 'y' },
      { url: 'javascript:alert(1)', label: 'z' },
      { label: 'no url' },
    ]);
    expect(parseBookmarks(raw)).toEqual([{ url: '/customers', label: 'Customers' }]);
    expect(parseBookmarks('nope')).toEqual([]);
  });
});
