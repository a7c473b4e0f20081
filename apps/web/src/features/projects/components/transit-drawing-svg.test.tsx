import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { TransitDrawingSvg } from './transit-drawing-svg';

describe('TransitDrawingSvg', () => {
  it('draws a round opening to scale and every item with its mm data attributes and hover title', () => {
    const { container } = render(
      <TransitDrawingSvg
        opening={{ shape: 'ROUND', diameterMm: 200 }}
        circles={[
          { xMm: -40, yMm: 0, diameterMm: 50, itemTypeId: 'CABLE', label: 'Cable Ø 50 mm' },
          { xMm: 40, yMm: 10.123456, diameterMm: 60, itemTypeId: 'PIPE', label: 'Pipe Ø 60 mm' },
        ]}
        exceeded={false}
        title="T1"
      />,
    );
    const opening = container.querySelector('[data-role="opening"]')!;
    expect(opening.tagName).toBe('circle');
    expect(opening.getAttribute('r')).toBe('100');
    expect(opening.getAttribute('stroke-dasharray')).toBeNull();
    expect(container.querySelectorAll('[data-role="item"] > circle')).toHaveLength(2);
    const items = [...container.querySelectorAll('[data-role="item"]')];
    expect(
      items.map((c) => [c.getAttribute('data-cx'), c.getAttribute('data-cy'), c.getAttribute('data-r')]),
    ).toEqual([
      ['-40', '0', '25'],
      ['40', '10.1235', '30'],
    ]);
    expect(items[1]!.querySelector('title')!.textContent).toBe('Pipe Ø 60 mm');
    expect(items[0]!.getAttribute('data-item-type')).toBe('CABLE');
  });

  it('draws a rectangle with its corner radius and marks the surface exceeded in red dashes', () => {
    const { container } = render(
      <TransitDrawingSvg
        opening={{ shape: 'RECTANGLE', widthMm: 300, heightMm: 120, cornerRadiusMm: 20 }}
        circles={[]}
        exceeded
        title="T2"
      />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('data-exceeded')).toBe('true');
    const rect = container.querySelector('rect[data-role="opening"]')!;
    expect([rect.getAttribute('width'), rect.getAttribute('height'), rect.getAttribute('rx')]).toEqual([
      '300',
      '120',
      '20',
    ]);
    expect(rect.getAttribute('stroke')).toBe('#e03131');
    expect(rect.getAttribute('stroke-dasharray')).not.toBeNull();
  });

  it('clamps a corner radius larger than half the short side and draws nothing without dimensions', () => {
    const { container } = render(
      <TransitDrawingSvg
        opening={{ shape: 'RECTANGLE', widthMm: 100, heightMm: 40, cornerRadiusMm: 50 }}
        circles={[]}
        exceeded={false}
        title="T3"
      />,
    );
    expect(container.querySelector('rect[data-role="opening"]')!.getAttribute('rx')).toBe('20');
    const empty = render(
      <TransitDrawingSvg
        opening={{ shape: 'ROUND', diameterMm: null }}
        circles={[]}
        exceeded={false}
        title="T4"
      />,
    );
    expect(empty.container.querySelector('[data-role="opening"]')).toBeNull();
  });
});
