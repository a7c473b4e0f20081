import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { TransitDrawingSvg, type DrawnCircle } from './transit-drawing-svg';

function circle(
  number: number,
  xMm: number,
  yMm: number,
  diameterMm: number,
  itemTypeId: DrawnCircle['itemTypeId'],
  label = '',
  rings: { occupiedDiameterMm?: number; placedDiameterMm?: number } = {},
): DrawnCircle {
  const occupiedDiameterMm = rings.occupiedDiameterMm ?? diameterMm;
  return {
    number,
    xMm,
    yMm,
    ownDiameterMm: diameterMm,
    occupiedDiameterMm,
    placedDiameterMm: rings.placedDiameterMm ?? occupiedDiameterMm,
    itemTypeId,
    label,
  };
}

describe('TransitDrawingSvg', () => {
  it('draws a round opening to scale and every item with its mm data attributes and hover title', () => {
    const { container } = render(
      <TransitDrawingSvg
        opening={{ shape: 'ROUND', diameterMm: 200 }}
        circles={[
          circle(1, -40, 0, 50, 'CABLE', 'Cable Ø 50 mm'),
          circle(2, 40, 10.123456, 60, 'PIPE', 'Pipe Ø 60 mm'),
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

  it('draws a 12 mm cable at 12 mm inside its 22 mm sleeve ring, and a pipe inside its dashed clearance ring', () => {
    const { container } = render(
      <TransitDrawingSvg
        opening={{ shape: 'ROUND', diameterMm: 200 }}
        circles={[
          circle(1, -40, 0, 12, 'CABLE', '', { occupiedDiameterMm: 22 }),
          circle(2, 40, 0, 60, 'PIPE', '', { placedDiameterMm: 80 }),
        ]}
        exceeded={false}
        title="T5"
      />,
    );
    const [cable, pipe] = [...container.querySelectorAll('[data-role="item"]')];
    expect(cable!.querySelector('[data-role="sleeve-ring"]')!.getAttribute('r')).toBe('11');
    expect(cable!.querySelector('circle:last-of-type')!.getAttribute('r')).toBe('6');
    expect(cable!.querySelector('[data-role="clearance-ring"]')).toBeNull();
    expect(pipe!.querySelector('[data-role="clearance-ring"]')!.getAttribute('r')).toBe('40');
    expect(
      pipe!.querySelector('[data-role="clearance-ring"]')!.getAttribute('stroke-dasharray'),
    ).not.toBeNull();
    expect(pipe!.querySelector('[data-role="sleeve-ring"]')).toBeNull();
  });

  it('numbers every circle: inside when it fits, outside with a leader line when it is small', () => {
    const { container } = render(
      <TransitDrawingSvg
        opening={{ shape: 'ROUND', diameterMm: 400 }}
        circles={[
          circle(1, -100, 0, 150, 'PIPE'),
          circle(2, 100, 0, 4, 'CABLE'),
          circle(3, 120, 0, 4, 'CABLE'),
        ]}
        exceeded={false}
        sizePx={404}
        title="T6"
      />,
    );
    const numbers = [...container.querySelectorAll('text[data-role="number"]')];
    expect(numbers.map((n) => [n.textContent, n.getAttribute('data-inside')])).toEqual([
      ['1', 'true'],
      ['2', 'false'],
      ['3', 'false'],
    ]);
    expect([numbers[0]!.getAttribute('x'), numbers[0]!.getAttribute('y')]).toEqual(['-100', '0']);
    // Outside numbers lie outside the opening, each with its leader line.
    for (const n of numbers.slice(1))
      expect(Math.hypot(Number(n.getAttribute('x')), Number(n.getAttribute('y')))).toBeGreaterThan(200);
    expect(container.querySelectorAll('line[data-role="leader"]')).toHaveLength(2);
  });

  it('dimensions the opening in the units given', () => {
    const { container } = render(
      <TransitDrawingSvg
        opening={{ shape: 'RECTANGLE', widthMm: 300, heightMm: 120, cornerRadiusMm: 20 }}
        circles={[]}
        exceeded={false}
        title="T7"
        formatLength={(mm) => `${(mm / 25.4).toFixed(3)} in`}
      />,
    );
    const text = (role: string) => container.querySelector(`[data-role="dimension-${role}"]`)?.textContent;
    expect(text('width')).toBe('11.811 in');
    expect(text('height')).toBe('4.724 in');
    expect(text('corner-radius')).toBe('R 0.787 in');
  });
});
