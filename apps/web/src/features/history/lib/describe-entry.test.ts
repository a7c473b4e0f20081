import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@sealplan/contracts';
import { i18n } from '@/lib/i18n';
import { unitsFor } from '@/lib/units';
import { describeEntry } from './describe-entry';

const cables = { quantity: 4, itemTypeId: 'CABLE', outerDiameterMm: 12, tag: null };
const entries: HistoryEntry[] = [
  {
    kind: 'itemField',
    item: { ...cables, outerDiameterMm: 32 },
    field: 'outerDiameterMm',
    before: 32,
    after: 40,
  },
  { kind: 'itemAdded', item: cables },
  { kind: 'itemRemoved', item: { ...cables, quantity: 1, tag: 'W-101' } },
  { kind: 'transitField', field: 'depthMm', before: 150, after: null },
  { kind: 'transitField', field: 'sparePercent', before: 20, after: 25.5 },
];

const describeAll = (culture: string, system: 'METRIC' | 'IMPERIAL') =>
  entries.map((entry) =>
    describeEntry(entry, {
      t: i18n.getFixedT(culture, 'history'),
      units: unitsFor(system, () => {}, culture),
      catalogue: null,
    }),
  );

describe('a change in words (ADR 032)', () => {
  it('reads in English and millimetres', () => {
    expect(describeAll('en-US', 'METRIC')).toEqual([
      '4 × cables Ø 32 mm: Outer diameter 32 → 40 mm',
      '4 × cables Ø 12 mm added',
      '1 × cable Ø 12 mm (W-101) removed',
      'Depth 150 mm → not set',
      'Spare percent 20.0 % → 25.5 %',
    ]);
  });

  it('reads in German with its decimal comma, and in inches', () => {
    const [diameter, added, , , spare] = describeAll('de-DE', 'IMPERIAL');
    expect(diameter).toBe('4 × Kabel Ø 1,260 in: Außendurchmesser 1,260 → 1,575 in');
    expect(added).toBe('4 × Kabel Ø 0,472 in hinzugefügt');
    expect(spare).toBe('Reserve in Prozent 20,0 % → 25,5 %');
  });

  it('reads in French and Chinese', () => {
    expect(describeAll('fr-FR', 'METRIC')[1]).toBe('4 × câbles Ø 12 mm ajouté(s)');
    expect(describeAll('zh-Hans', 'METRIC')[0]).toBe('4 × 电缆 Ø 32 mm: 外径 32 → 40 mm');
  });

  it("reads a change of a project's own fields, the industry in the reader's language", () => {
    const ctx = (culture: string) => ({
      t: i18n.getFixedT(culture, 'history'),
      units: unitsFor('METRIC', () => {}, culture),
      catalogue: null,
      industryName: (id: string) => (id === 'ON_SHORE' ? 'Onshore' : id),
    });
    expect(
      describeEntry(
        { kind: 'projectField', field: 'name', before: 'Hull 512', after: 'Hull 512 ER' },
        ctx('en-US'),
      ),
    ).toBe('Project name Hull 512 → Hull 512 ER');
    expect(
      describeEntry(
        { kind: 'projectField', field: 'industryId', before: null, after: 'ON_SHORE' },
        ctx('en-US'),
      ),
    ).toBe('Industry not set → Onshore');
    expect(
      describeEntry({ kind: 'projectField', field: 'customer', before: 'A', after: 'B' }, ctx('de-DE')),
    ).toBe('Kunde A → B');
    expect(
      describeEntry({ kind: 'location', before: [], after: ['Deck 3', 'Engine room'] }, ctx('en-US')),
    ).toBe('Location not set → Deck 3 › Engine room');
    expect(describeEntry({ kind: 'locationAdded', path: ['Deck 3', 'ER'] }, ctx('fr-FR'))).toBe(
      'Emplacement Deck 3 › ER ajouté',
    );
  });

  it('reads a schedule import with its file and counts, in plural forms', () => {
    const ctx = (culture: string) => ({
      t: i18n.getFixedT(culture, 'history'),
      units: unitsFor('METRIC', () => {}, culture),
      catalogue: null,
    });
    const imported = {
      kind: 'scheduleImported' as const,
      fileName: 'cables.csv',
      rows: 12,
      items: 24,
      transitsCreated: 3,
      transitsChanged: 1,
    };
    expect(describeEntry(imported, ctx('en-US'))).toBe(
      'File cables.csv: 12 rows, 24 items; 3 transits created, 1 transit changed',
    );
    expect(
      describeEntry({ ...imported, fileName: null, rows: 1, items: 1, transitsChanged: 0 }, ctx('en-US')),
    ).toBe('Rows without a file: 1 row, 1 item; 3 transits created');
    expect(describeEntry({ ...imported, transitsCreated: 0 }, ctx('de-DE'))).toBe(
      'Datei cables.csv: 12 Zeilen, 24 Elemente; 1 Durchführung geändert',
    );
    expect(describeEntry(imported, ctx('fr-FR'))).toBe(
      'Fichier cables.csv : 12 lignes, 24 éléments ; 3 traversées créées, 1 traversée modifiée',
    );
    expect(describeEntry(imported, ctx('zh-Hans'))).toBe(
      '文件 cables.csv：12 行，24 个项目；新建 3 个贯穿件，更改 1 个贯穿件',
    );
  });

  it('words an archive import with what it brought, leaving out what it had none of', () => {
    const ctx = (culture: string) => ({
      t: i18n.getFixedT(culture, 'history'),
      units: unitsFor('METRIC', () => {}, culture),
      catalogue: null,
    });
    const imported = {
      kind: 'archiveImported' as const,
      fileName: 'archive-ship-a.zip',
      locations: 3,
      transits: 3,
      items: 1,
      photos: 1,
      files: 2,
    };
    expect(describeEntry(imported, ctx('en-US'))).toBe(
      'Imported from archive archive-ship-a.zip: 3 transits, 1 item line, 1 photo, 2 files, 3 locations',
    );
    expect(
      describeEntry({ ...imported, fileName: null, locations: 0, photos: 0, files: 0 }, ctx('en-US')),
    ).toBe('Imported from an archive: 3 transits, 1 item line');
    expect(describeEntry(imported, ctx('de-DE'))).toBe(
      'Aus Archiv archive-ship-a.zip importiert: 3 Durchführungen, 1 Elementzeile, 1 Foto, 2 Dateien, 3 Orte',
    );
    expect(describeEntry(imported, ctx('fr-FR'))).toBe(
      'Importé de l’archive archive-ship-a.zip : 3 traversées, 1 ligne d’élément, 1 photo, 2 fichiers, 3 emplacements',
    );
    expect(describeEntry(imported, ctx('zh-Hans'))).toBe(
      '从存档 archive-ship-a.zip 导入：3 个贯穿件，1 行项目，1 张照片，2 个文件，3 个位置',
    );
  });
});
