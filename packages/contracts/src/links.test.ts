import { describe, expect, it } from 'vitest';
import { contentPageInputSchema, menuItemInputSchema, templateInputSchema } from './content';
import { dynamicOptionSchema } from './dynamic-form';
import { LINK_MESSAGES, isSafeLink } from './links';

/** ADR 023: every stored link or image address is a site path or an http(s) URL. */

const HOSTILE = [
  '/\\evil.test',
  '\\\\evil.test',
  '//evil.test',
  '/\t/evil.test',
  '/\n/evil.test',
  ' //evil.test',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz4=',
  'vbscript:x',
  'file:///etc/passwd',
  'https:',
  'http://',
  'help',
  '#top',
  'mailto:a@b.test',
];
const FINE = [
  '/help',
  '/help/guides?x=1#top',
  '/api/locker/1',
  '/',
  'https://example.com/maker',
  'http://a.test',
];

describe('the one link rule (ADR 023)', () => {
  it('allows site paths and http(s) URLs, and nothing a browser would open elsewhere', () => {
    for (const link of FINE) expect(isSafeLink(link), link).toBe(true);
    for (const link of HOSTILE) expect(isSafeLink(link), link).toBe(false);
  });

  it('refuses menu item links and image addresses with a field message', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.test', '/\\evil.test']) {
      const item = menuItemInputSchema.safeParse({ label: 'x', type: 'MAIN_MENU', link: bad, imageUrl: bad });
      expect(item.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['link', LINK_MESSAGES.unsafe],
        ['imageUrl', LINK_MESSAGES.unsafe],
      ]);
      const child = menuItemInputSchema.safeParse({
        label: 'x',
        type: 'MAIN_MENU',
        children: [{ label: 'c', link: bad, imageUrl: bad }],
      });
      expect(child.error!.issues.map((i) => i.path.join('.'))).toEqual([
        'children.0.link',
        'children.0.imageUrl',
      ]);
      expect(dynamicOptionSchema.safeParse({ value: 'v', label: 'l', imageUrl: bad }).success).toBe(false);
    }
    expect(menuItemInputSchema.parse({ label: 'x', type: 'MAIN_MENU', link: '', imageUrl: null }).link).toBe(
      '',
    );
    expect(menuItemInputSchema.parse({ label: 'x', type: 'MAIN_MENU', link: '/help' }).link).toBe('/help');
  });

  it('refuses a content page or template whose text links off the site dressed as a site path', () => {
    const page = contentPageInputSchema.safeParse({
      slug: 'a',
      title: 'A',
      body: 'See [x](/\\evil.test) now.',
    });
    expect(page.error!.issues).toMatchObject([
      { path: ['body'], message: LINK_MESSAGES.pageLink('/\\evil.test') },
    ]);
    expect(
      contentPageInputSchema.safeParse({ slug: 'a', title: 'A', body: '[x](/help) [y](https://a.test)' })
        .success,
    ).toBe(true);
    const template = templateInputSchema.safeParse({ Symbol: 'S', View: '[go](javascript:alert(1))' });
    expect(template.success).toBe(false);
  });
});
