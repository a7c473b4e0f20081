import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/features/content/api/menu-api';
import { buildShellNav } from './menu-navigation';

/** ADR 023: a menu link or image stored before the one link rule is never rendered as an href or src. */
describe('menu items with stored unsafe links', () => {
  it('leaves out the item and drops the image', () => {
    const menu: MenuItem[] = [
      { label: 'Evil', link: '/\\evil.test' },
      { label: 'Script', link: 'javascript:alert(1)' },
      { label: 'Help', link: '/help', imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>' },
      { label: 'Logo', link: '/x', imageUrl: '/api/locker/1' },
      { label: 'Docs', link: '/docs', children: [{ label: 'Away', link: '//evil.test' }] },
    ];
    const entries = buildShellNav(menu, {
      roles: ['Administrator'],
      permissions: [],
      isProviderOrganization: true,
    });
    const hrefs = entries.flatMap((e) => [e.to, ...e.children.map((c) => c.to)]);
    expect(hrefs).not.toContain('/\\evil.test');
    expect(hrefs).not.toContain('javascript:alert(1)');
    expect(hrefs).not.toContain('//evil.test');
    expect(entries.find((e) => e.label === 'Help')!.imageUrl).toBeNull();
    expect(entries.find((e) => e.label === 'Logo')!.imageUrl).toBe('/api/locker/1');
    expect(entries.find((e) => e.label === 'Docs')!.children).toEqual([]);
  });
});
