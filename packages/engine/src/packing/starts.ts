// Starting layouts of the packing search: alternately uniform random points and a patch of a hexagonal lattice
// (random rotation and shift), both in a roomy container. The energy minimisation then compresses them.

import { protrusionMm, requiredScale, type Container } from './container';
import type { Random } from './random';

/** Lattice spacing of the hexagonal start, in mean radii (touching circles of the mean size). */
const LATTICE_SPACING_MEAN_RADII = 2;

/** Uniform random point inside the container of the given scale (rejection sampling in its bounding box). */
export function randomPoint(container: Container, scale: number, rng: Random): [number, number] {
  const halfW = scale * (container.kind === 'round' ? container.radiusMm : container.halfWidthMm);
  const halfH = scale * (container.kind === 'round' ? container.radiusMm : container.halfHeightMm);
  for (;;) {
    const px = rng.range(-halfW, halfW);
    const py = rng.range(-halfH, halfH);
    if (protrusionMm(container, scale, px, py, 0) <= 0) return [px, py];
  }
}

/**
 * What a start is: uniform random points, or the points of a hexagonal lattice nearest the centre, assigned to the
 * circles in random order. The lattice has at the container's centre one of its three centres of symmetry (a
 * lattice point, the centre of a triangle of lattice points, the middle of an edge; unrotated), or a random point
 * with a random rotation. The symmetric patches are the best known packings of some counts of equal circles (31:
 * the lattice points within 2√7 spacings of a lattice point), which a random offset almost never hits.
 */
export type StartKind = 'random' | 'lattice-point' | 'lattice-triangle' | 'lattice-edge' | 'lattice-random';

/** Starting positions of the given kind in the container of the given scale. */
export function initialPositions(
  container: Container,
  radii: Float64Array,
  rMean: number,
  scale: number,
  kind: StartKind,
  rng: Random,
): Float64Array {
  return kind === 'random'
    ? randomPositions(container, radii.length, scale, rng)
    : latticePositions(container, radii.length, rMean, scale, kind, rng);
}

function randomPositions(container: Container, n: number, scale: number, rng: Random): Float64Array {
  const x = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const p = randomPoint(container, scale, rng);
    x[2 * i] = p[0];
    x[2 * i + 1] = p[1];
  }
  return x;
}

/** The n points of a hexagonal lattice (centred as asked) that need the smallest container. */
function latticePositions(
  container: Container,
  n: number,
  rMean: number,
  scale: number,
  kind: Exclude<StartKind, 'random'>,
  rng: Random,
): Float64Array {
  const x = new Float64Array(2 * n);
  const halfW = scale * (container.kind === 'round' ? container.radiusMm : container.halfWidthMm);
  const halfH = scale * (container.kind === 'round' ? container.radiusMm : container.halfHeightMm);
  const spacing = LATTICE_SPACING_MEAN_RADII * rMean;
  const random = kind === 'lattice-random';
  const angle = random ? rng.range(0, Math.PI / 3) : 0;
  const offsetX = random ? rng.range(0, spacing) : kind === 'lattice-point' ? 0 : -spacing / 2;
  const offsetY = random
    ? rng.range(0, spacing)
    : kind === 'lattice-triangle'
      ? -spacing / (2 * Math.sqrt(3))
      : 0;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const reach = Math.hypot(halfW, halfH) + 2 * spacing;
  const rows = Math.ceil(reach / ((spacing * Math.sqrt(3)) / 2));
  const cols = Math.ceil(reach / spacing) + 1;
  const points: { x: number; y: number; need: number }[] = [];
  for (let row = -rows; row <= rows; row++) {
    for (let col = -cols; col <= cols; col++) {
      const lx = (col + (row & 1 ? 0.5 : 0)) * spacing + offsetX;
      const ly = (row * spacing * Math.sqrt(3)) / 2 + offsetY;
      const px = cos * lx - sin * ly;
      const py = sin * lx + cos * ly;
      points.push({ x: px, y: py, need: requiredScale(container, px, py, rMean) });
    }
  }
  points.sort((a, b) => a.need - b.need);
  const order = shuffledIndices(n, rng);
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const p = points[k] ?? { x: 0, y: 0 };
    x[2 * i] = p.x;
    x[2 * i + 1] = p.y;
  }
  return x;
}

/** 0 … n − 1 in random order (Fisher–Yates). */
function shuffledIndices(n: number, rng: Random): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
