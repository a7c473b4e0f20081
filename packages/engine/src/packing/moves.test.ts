import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protrusionMm, type Container } from './container';
import { OverlapEnergy } from './energy';
import { Perturbation } from './moves';
import { createRandom, type Random } from './random';

/** A Random that answers `next()` from a script (then 0.5), so that a move's choices are known in advance. */
function scripted(values: number[]): Random {
  let k = 0;
  const next = (): number => values[k++] ?? 0.5;
  return { next, int: (n) => Math.floor(next() * n), range: (a, b) => a + (b - a) * next() };
}

function perturbation(container: Container, radii: number[], rng: Random): Perturbation {
  const r = Float64Array.from(radii);
  return new Perturbation(container, r, new OverlapEnergy(container, r), rng);
}

describe('Perturbation.splice (cut-and-splice of two layouts)', () => {
  it('takes a’s circles on one side of the cut, b’s on the other, and puts the rest in the places b leaves', () => {
    const square: Container = { kind: 'rect', halfWidthMm: 50, halfHeightMm: 50, cornerRadiusMm: 0 };
    // Script: no mirror in x (0.9), none in y (0.9), cut direction 0 (the line x = offset), offset 0 (0.5 of ±30 %).
    const moves = perturbation(square, [4, 3, 2, 1], scripted([0.9, 0.9, 0, 0.5]));
    // Circles 0 and 2 lie at x > 0 in a: the child keeps them there. Circle 3 lies at x ≤ 0 in b: b's place.
    // Circle 1 lies on neither side (x ≤ 0 in a, x > 0 in b); circle 0's place in b (x ≤ 0) is vacant, as circle 0
    // came from a: circle 1 takes it.
    const a = Float64Array.from([10, 10, -10, 10, 20, -10, -20, -10]);
    const b = Float64Array.from([-15, 5, 15, 5, 30, 30, -5, -20]);
    expect(Array.from(moves.splice(a, b, 1))).toEqual([10, 10, -15, 5, 20, -10, -5, -20]);
  });

  it('sends circles left without a vacant place into holes inside the container', () => {
    const square: Container = { kind: 'rect', halfWidthMm: 50, halfHeightMm: 50, cornerRadiusMm: 0 };
    const moves = perturbation(square, [4, 3], scripted([0.9, 0.9, 0, 0.5]));
    // Both circles lie at x ≤ 0 in a and at x > 0 in b: neither side holds them and nothing is vacant.
    const child = moves.splice(Float64Array.from([-10, 0, -20, 0]), Float64Array.from([10, 0, 20, 0]), 1);
    for (let i = 0; i < 2; i++)
      expect(protrusionMm(square, 1, child[2 * i]!, child[2 * i + 1]!, 0)).toBeLessThanOrEqual(0);
  });

  it('gives every circle a place inside a round container for any two layouts inside it', () => {
    const round: Container = { kind: 'round', radiusMm: 30 };
    const point = fc
      .tuple(
        fc.double({ min: 0, max: 29, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      )
      .map(([d, t]) => [d * Math.cos(t), d * Math.sin(t)]);
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 12 })
          .chain((n) =>
            fc.tuple(
              fc.array(point, { minLength: n, maxLength: n }),
              fc.array(point, { minLength: n, maxLength: n }),
              fc.integer({ min: 1, max: 1000 }),
            ),
          ),
        ([a, b, seed]) => {
          const radii = a.map((_, i) => 1 + i);
          const child = perturbation(round, radii, createRandom(seed)).splice(
            Float64Array.from(a.flat()),
            Float64Array.from(b.flat()),
            1,
          );
          for (let i = 0; i < radii.length; i++) {
            expect(Number.isFinite(child[2 * i]!) && Number.isFinite(child[2 * i + 1]!)).toBe(true);
            expect(protrusionMm(round, 1, child[2 * i]!, child[2 * i + 1]!, 0)).toBeLessThanOrEqual(1e-9);
          }
        },
      ),
    );
  });
});
