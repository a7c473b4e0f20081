import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/features/content/api/menu-api';
import { buildShellNav, type ShellNavUser } from './menu-navigation';

const user = (
  roles: string[],
  permissions: string[] = ['admin.access'],
  isProviderOrganization = true,
): ShellNavUser => ({
  roles,
  permissions,
  isProviderOrganization,
});
const item = (label: string, link: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  label,
  link,
  ...extra,
});

const seeded: MenuItem[] = [
  item('Dashboard', '/dashboard', { icon: 'dashboard' }),
  item('New Project', '/projects/create'),
  item('Projects', '/projects'),
  item('Customers', '/customers'),
  item('User Admin', '/users/all'),
  item('Help', '/help', {
    children: [item('Guides', '/help/guides'), item('Maker', 'https://example.com/maker')],
  }),
];
const names = (entries: ReturnType<typeof buildShellNav>) => entries.map((e) => e.label ?? e.labelKey);

describe('sidebar from the main menu (spec §1, §2, ADR 016)', () => {
  it('falls back to the built-in entries while the menu loads or when it fails', () => {
    expect(names(buildShellNav(null, user(['Administrator'])))).toEqual([
      'nav.dashboard',
      'nav.newProject',
      'nav.projects',
      'nav.customers',
    ]);
    expect(names(buildShellNav([], user(['ElevatedUser'], ['admin.access', 'content.manage'])))).toEqual([
      'nav.dashboard',
      'nav.newProject',
      'nav.projects',
      'nav.customers',
      'nav.userAdmin',
      'nav.catalogue',
      'content:nav.content',
    ]);
  });

  it('keeps the menu order and hides User Admin from everyone but ElevatedUser (spec §6)', () => {
    expect(names(buildShellNav(seeded, user(['Administrator'])))).toEqual([
      'Dashboard',
      'New Project',
      'Projects',
      'Customers',
      'Help',
    ]);
    expect(names(buildShellNav(seeded, user(['ElevatedUser'])))).toEqual([
      'Dashboard',
      'New Project',
      'Projects',
      'Customers',
      'User Admin',
      'Help',
      'nav.catalogue',
    ]);
  });

  it('adds Content for content administrators only, and only once', () => {
    const admin = user(['ElevatedUser'], ['admin.access', 'content.manage']);
    expect(names(buildShellNav(seeded, admin)).at(-1)).toBe('content:nav.content');
    expect(
      names(buildShellNav([...seeded, item('Content', '/content')], admin)).filter((n) =>
        /content/i.test(n ?? ''),
      ),
    ).toEqual(['Content']);
    // A menu link into the content admin is not shown to others, nor to a customer organization's staff.
    expect(names(buildShellNav([item('Content', '/content')], user(['Administrator'])))).toEqual([]);
    expect(
      names(buildShellNav([item('Content', '/content')], user(['ElevatedUser'], ['content.manage'], false))),
    ).toEqual(['nav.userAdmin']);
  });

  it('keeps the Projects highlight rule and highlights a parent for its child', () => {
    const entries = buildShellNav(seeded, user(['Administrator']));
    const active = (p: string) => entries.filter((e) => e.isActive(p)).map((e) => e.label);
    expect(active('/projects/3f1c')).toEqual(['Projects']);
    expect(active('/projects/create')).toEqual(['New Project']);
    expect(active('/help/guides')).toEqual(['Help']);
    const help = entries.find((e) => e.label === 'Help')!;
    expect(help.children.map((c) => [c.label, c.external])).toEqual([
      ['Guides', false],
      ['Maker', true],
    ]);
  });

  it('keeps a menu item to the role it names ("Visible to")', () => {
    const menu = [item('Reports', '/reports', { requiredRole: 'Editor' }), item('Help', '/help')];
    expect(names(buildShellNav(menu, user(['Administrator'])))).toEqual(['Help']);
    expect(names(buildShellNav(menu, user(['Editor'])))).toEqual(['Reports', 'Help']);
  });

  it('uses the named icon, the built-in icon of a known link, and the image', () => {
    const entries = buildShellNav(
      [
        item('Start', '/dashboard', { icon: 'home' }),
        item('Projects', '/projects'),
        item('Logo', '/x', { imageUrl: '/api/locker/1' }),
      ],
      user(['Administrator']),
    );
    expect(entries[0]!.icon.displayName ?? '').toMatch(/Home/i);
    expect(entries[1]!.icon.displayName ?? '').toMatch(/Folders/i);
    expect(entries[2]!.imageUrl).toBe('/api/locker/1');
  });
});
