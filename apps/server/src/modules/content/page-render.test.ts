import { describe, expect, it } from 'vitest';
import { renderPageHtml } from './page-render';

/** ADR 023: text stored before the one link rule never becomes an href that leaves the site. */
describe('content page links', () => {
  it('keeps site paths and http(s) links as anchors', () => {
    const html = renderPageHtml('T', '[Help](/help) and [Maker](https://example.com/maker)');
    expect(html).toContain('<a href="/help" rel="noopener noreferrer">Help</a>');
    expect(html).toContain('<a href="https://example.com/maker" rel="noopener noreferrer">Maker</a>');
  });

  it('writes an unsafe link as its label only', () => {
    for (const href of [
      '/\\evil.test',
      '//evil.test',
      'javascript:alert`1`',
      'data:text/html,x',
      '/\\\\evil.test',
    ]) {
      const html = renderPageHtml('T', `Go [there](${href}) now`);
      expect(html, href).not.toContain('href=');
      expect(html).toContain('Go there now');
    }
  });
});
