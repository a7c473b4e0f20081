import type { Catalogue, ItemInput, TransitInput } from '@sealplan/engine';
import type { TransitSpec } from '../../apps/server/src/modules/export/testing/export-factories';
const TRANSITS = 200; const ITEMS = 20;
/** Seeded PRNG (mulberry32) so every run benchmarks the same project. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Realistic transits: cable transits (most), pipe and plastic-pipe transits, round and rectangular. */
export function transitSpecs(catalogue: Catalogue): TransitSpec[] {
  const random = prng(42);
  const plastic = catalogue.crushers.filter((c) => c.itemTypeId === 'PIPE_PLASTIC' && c.pipeDiameterMm <= 63);
  return Array.from({ length: TRANSITS }, (_, i) => {
    const kind = i % 5 === 4 ? 'PIPE_PLASTIC' : i % 5 === 3 ? 'PIPE' : 'CABLE';
    const round = i % 2 === 0;
    const items: ItemInput[] = Array.from({ length: ITEMS }, () => {
      if (kind === 'PIPE_PLASTIC' && plastic.length) {
        const crusher = plastic[Math.floor(random() * plastic.length)]!;
        return { quantity: 1, outerDiameterMm: crusher.pipeDiameterMm, crusherId: crusher.id, itemTypeId: 'PIPE_PLASTIC' as const };
      }
      const d = kind === 'PIPE' ? 20 + random() * 40 : 6 + random() * 30;
      return { quantity: 1 + Math.floor(random() * 2), outerDiameterMm: Math.round(d * 10) / 10, itemTypeId: kind };
    });
    const transit: TransitInput = {
      shape: round ? 'ROUND' : 'RECTANGLE',
      diameterMm: round ? 400 : null,
      widthMm: round ? null : 500,
      heightMm: round ? null : 300,
      cornerRadiusMm: round ? null : 20,
      copies: 1 + (i % 3),
      sparePercent: 10,
      itemTypeId: kind,
      transitTypeId: kind === 'PIPE' ? 'NOFIRNO/CER' : 'NOFIRNO',
      classId: 'A_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      sealantDepth: 'DOUBLE',
      depthMm: 150,
    };
    return { name: `T-${String(i + 1).padStart(3, '0')} ${kind.toLowerCase()} ${round ? 'round' : 'rectangle'}`, transit, items };
  });
}

