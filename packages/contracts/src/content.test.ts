import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  communitySubmitRequestSchema,
  menuItemInputSchema,
  parseMenuEntries,
  productInputSchema,
  slugSchema,
} from './content';
import { isContentModel } from './content-models';

describe('content contracts', () => {
  it('names the content models', () => {
    expect(isContentModel('MenuItem')).toBe(true);
    expect(isContentModel('Customer')).toBe(false);
  });

  it('menu items default to sort 99 and no children (spec §3)', () => {
    expect(menuItemInputSchema.parse({ label: ' Help ', type: 'MAIN_MENU' })).toMatchObject({
      label: 'Help',
      sort: 99,
      children: [],
    });
  });

  it('prices stay within the spec §9 range 0–8000, with the message under price', () => {
    const base = { articleNumber: 'A-1', name: 'Article', unit: 'pcs' };
    expect(productInputSchema.safeParse({ ...base, price: 0 }).success).toBe(true);
    expect(productInputSchema.safeParse({ ...base, price: 8000 }).success).toBe(true);
    for (const price of [-0.01, 8000.01, '12']) {
      const result = productInputSchema.safeParse({ ...base, price });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({
        path: ['price'],
        message: CONTENT_MESSAGES.priceRange,
      });
    }
  });

  it('slugs are lower-case words joined by "-" (no path tricks)', () => {
    expect(slugSchema.safeParse('installation-notes').success).toBe(true);
    expect(slugSchema.safeParse('guides/deck-transits').success).toBe(true);
    for (const bad of ['../etc', 'Upper', 'two  words', '-lead', 'a--b', '']) {
      expect(slugSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('a support request needs a message; the type defaults to QUESTION', () => {
    expect(communitySubmitRequestSchema.parse({ content: { message: ' Hi ' } }).content).toEqual({
      message: 'Hi',
      type: 'QUESTION',
    });
    expect(
      communitySubmitRequestSchema.safeParse({ content: { message: ' ' } }).error!.issues[0]!.message,
    ).toBe(CONTENT_MESSAGES.messageRequired);
  });
});

describe('parseMenuEntries: the shell reads menu rows with menuItemSchema', () => {
  it('keeps the stored display fields, trims, and turns empty texts into null', () => {
    expect(
      parseMenuEntries([
        {
          guid: 'g1',
          id: 'i1',
          label: ' Help ',
          link: ' /help ',
          clickAction: '',
          type: 'MAIN_MENU',
          children: [{ label: 'Maker', link: 'https://example.com/maker', icon: null }],
          imageUrl: '',
          icon: 'help',
          sort: 3,
          requiredRole: '',
          version: 1,
          createdOn: '2026-01-01',
          lastUpdatedOn: '2026-01-01',
        },
      ]),
    ).toEqual([
      {
        label: 'Help',
        link: '/help',
        clickAction: null,
        icon: 'help',
        imageUrl: null,
        sort: 3,
        requiredRole: null,
        children: [
          {
            label: 'Maker',
            link: 'https://example.com/maker',
            clickAction: null,
            icon: null,
            imageUrl: null,
            sort: undefined,
            requiredRole: null,
            children: [],
          },
        ],
      },
    ]);
  });

  it('leaves out rows without a label or of another shape, keeping the order of the rest', () => {
    const rows = [
      { label: 'A', link: '/a' },
      { label: '  ', link: '/b' },
      null,
      'text',
      { link: '/c' },
      { label: 'D' },
    ];
    expect(parseMenuEntries(rows).map((entry) => [entry.label, entry.link])).toEqual([
      ['A', '/a'],
      ['D', ''],
    ]);
  });
});
