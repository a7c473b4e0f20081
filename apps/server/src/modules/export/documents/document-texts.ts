import type { DocumentLanguage } from '@sealplan/contracts';
import type { MeasurementSystem, TransitStatus } from '@sealplan/engine';

/**
 * Every word the documents (PDF, DOCX, RTF, CSV, XLSX, DXF) and the share e-mail write, one table per language
 * (ADR 027). Figures come in already formatted (document-format.ts), so a text only places them. Words a person
 * stored (project, customer and transit names, notes) are printed as typed; catalogue names pass
 * `catalogueName` (catalogue-name.ts).
 */
export interface DocumentTexts {
  title: string;
  /** The line under the brand on the PDF's cover band. */
  tagline: string;
  coverHeading: string;
  transitsHeading: string;
  transitHeading: (name: string) => string;
  transitData: string;
  fill: string;
  drawing: string;
  drawingOf: (name: string) => string;
  materials: string;
  materialsWithCopies: (copies: number) => string;
  totals: string;
  totalsNote: string;
  noMaterials: string;
  noTransits: string;
  noDrawing: string;
  notes: string;
  sampleNotice: string;
  /** The Item cell of the CSV row that carries the sample notice. */
  sampleNoticeItem: string;
  units: (unitSystemLabel: string) => string;
  generated: (timestamp: string) => string;
  /** The page footer: the words before the page number, between it and the page count, and after the count. */
  pageOf: readonly [string, string, string];
  materialColumns: readonly [string, string, string, string];
  legend: string;
  legendColumns: readonly [string, string, string, string, string];
  cover: {
    project: string;
    customer: string;
    industry: string;
    date: string;
    preparedBy: string;
    organization: string;
    projectCreated: string;
    lastUpdated: string;
    unitSystem: string;
    transitsInExport: string;
    totalsOnly: string;
    notes: string;
  };
  overviewColumns: readonly [string, string, string, string, string];
  /** The last column is the transit's location (ADR 031), after the columns readers already key on. */
  csvColumns: readonly [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  csvProjectTotal: string;
  xlsx: {
    totalsSheet: string;
    /** The name of a transit's sheet when its own name leaves nothing Excel accepts. */
    transitSheet: string;
    columns: readonly [string, string, string, string, string];
    legendColumns: readonly [string, string, string];
    transitsColumns: readonly [string, string, string, string];
  };
  dxf: {
    location: string;
    project: string;
    customer: string;
    transit: string;
    opening: string;
    copies: string;
    status: string;
    drawingUnits: string;
    textsIn: (unitSystemLabel: string) => string;
    preparedBy: string;
    generated: string;
    fill: (fill: string, limit: string) => string;
    fillLabel: string;
    note: string;
  };
  unitSystemName: Record<MeasurementSystem, string>;
  status: Record<TransitStatus, string>;
  /** A transit left out of the totals: its verdict with the fill it rests on. */
  /** A verdict with the figures it rests on (ADR 010): fill against its limit, the item too large, the best layout. */
  verdict: {
    fill: (fill: string, limit: string) => string;
    itemTooLarge: (item: string, across: string) => string;
    bestLayoutNeeds: (size: string) => string;
    wrap: (status: string, details: string[]) => string;
  };
  notInTotals: (verdict: string) => string;
  totalsTransit: (name: string) => string;
  facts: {
    /** ADR 031: where the transit is (its location's path). */
    location: string;
    revision: string;
    opening: string;
    nominalSize: string;
    itemType: string;
    items: string;
    transitType: string;
    class: string;
    depth: string;
    sealant: string;
    pipeConfiguration: string;
    spare: string;
    copies: string;
    notSelected: string;
    notSet: string;
    none: string;
    minimum: (depth: string) => string;
    singleLayer: string;
    doubleLayer: string;
    singlePipe: string;
    multiplePipes: string;
  };
  fillRows: {
    transitArea: string;
    itemsArea: string;
    itemsAreaWithClearance: string;
    emptyArea: string;
    fill: string;
    fillLimit: string;
    status: string;
  };
  opening: {
    round: (diameter: string) => string;
    roundNoDiameter: string;
    rectangle: (width: string, height: string) => string;
    rectangleNoDimensions: string;
    cornerRadius: (radius: string) => string;
  };
  kinds: Record<'CABLE' | 'PIPE' | 'PIPE_PLASTIC' | 'UNKNOWN', string>;
  cableSleeve: string;
  crusher: string;
  clearanceRing: (diameter: string, clearance: string) => string;
  smallestGap: (gap: string) => string;
  pipesToWall: (gap: string, required: string) => string;
  material: {
    fillerSleeve: (size: string, bundles: string) => string;
    sleeveSize: (diameter: string | null, length: string) => string;
    bundles: (count: number, perBundle: number) => string;
    sealant: string;
    sealantVolume: string;
    cartridges: (name: string) => string;
    cartridge: (size: string) => string;
    usable: (size: string) => string;
    cableSleeveItem: (article: string) => string;
    cableSleeveDetail: (diameter: string, min: string, max: string) => string;
    cableSleeveProduct: (diameter: string, min: string, max: string) => string;
    crusherItem: (article: string) => string;
    crusherDetail: (name: string, pipeSize: string, pipeDiameter: string, outer: string) => string;
    crusherProduct: (name: string, outer: string) => string;
    wrap: string;
    wrapLength: (minDiameter: string, turns: number) => string;
    wrapRolls: string;
    rollsOf: (length: string) => string;
    pricePer: (price: string, unit: string) => string;
    pieces: string;
    cartridgesUnit: string;
    rollsUnit: string;
  };
  /**
   * Engine messages by code, `{{name}}` for a parameter (lengths and percentages formatted by the document). A code
   * not listed is printed in the engine's words (the spec's §8 texts in English).
   */
  engineMessages: Readonly<Record<string, string>>;
  /** The share e-mail; `format` is the attached file's format (PDF, RTF, DOCX, CSV, XLSX, DXF). */
  mail: {
    subject: (format: string, project: string) => string;
    shared: (who: string, organization: string, format: string, project: string) => string;
    customer: (name: string) => string;
    file: (fileName: string) => string;
  };
}

const EN: DocumentTexts = {
  title: 'Material List',
  tagline: 'Cable and pipe transit sizing',
  coverHeading: 'Project',
  transitsHeading: 'Transits',
  transitHeading: (name) => `Transit: ${name}`,
  transitData: 'Transit data',
  fill: 'Fill',
  drawing: 'Drawing',
  drawingOf: (name) => `Drawing of ${name}`,
  materials: 'Materials',
  materialsWithCopies: (copies) => `Materials (for all ${copies} copies)`,
  totals: 'Project material totals',
  totalsNote:
    'Totals include every exported transit that can be built, multiplied by its copies; a transit that cannot be ' +
    'built is listed below them and not summed.',
  noMaterials: 'No materials.',
  noTransits: 'No transits were exported.',
  noDrawing: 'No drawing: the transit has no dimensions or no items.',
  notes: 'Notes',
  sampleNotice:
    'SAMPLE DATA: catalogue figures (filler sleeve sizes, cartridge sizes, article numbers, minimum depths) are ' +
    'sample values until an administrator verifies the catalogue. Check them before ordering.',
  sampleNoticeItem: 'SAMPLE DATA',
  units: (label) => `Units: ${label}`,
  generated: (timestamp) => `Generated ${timestamp}`,
  pageOf: ['Page ', ' of ', ''],
  materialColumns: ['Item', 'Detail', 'Quantity', 'Unit'],
  legend: 'Legend',
  legendColumns: ['No.', 'Item', 'Ø item', 'Cable sleeve or crusher', 'Clearance ring'],
  cover: {
    project: 'Project',
    customer: 'Customer',
    industry: 'Industry',
    date: 'Date',
    preparedBy: 'Prepared by',
    organization: 'Organization',
    projectCreated: 'Project created',
    lastUpdated: 'Last updated',
    unitSystem: 'Unit system',
    transitsInExport: 'Transits in this export',
    totalsOnly: 'Project material totals only',
    notes: 'Notes',
  },
  overviewColumns: ['Transit', 'Opening', 'Copies', 'Fill', 'Status'],
  csvColumns: [
    'Project',
    'Transit',
    'Copies',
    'Item',
    'Detail',
    'Quantity',
    'Unit',
    'Units',
    'Article number',
    'Unit price',
    'Location',
  ],
  csvProjectTotal: 'Project total',
  xlsx: {
    totalsSheet: 'Project totals',
    transitSheet: 'Transit',
    columns: ['Article number', 'Item', 'Detail', 'Quantity', 'Unit'],
    legendColumns: ['No.', 'Item', 'Cable sleeve or crusher; clearance ring'],
    transitsColumns: ['Transit', 'Copies', 'Status', 'Location'],
  },
  dxf: {
    location: 'Location',
    project: 'Project',
    customer: 'Customer',
    transit: 'Transit',
    opening: 'Opening',
    copies: 'Copies',
    status: 'Status',
    drawingUnits: 'Drawing units',
    textsIn: (label) => `texts in ${label}`,
    preparedBy: 'Prepared by',
    generated: 'Generated',
    fill: (fill, limit) => `${fill} of ${limit} allowed`,
    fillLabel: 'Fill',
    note: 'Note',
  },
  unitSystemName: { METRIC: 'Metric', IMPERIAL: 'Imperial' },
  status: {
    INCOMPLETE: 'Incomplete',
    FITS: 'Fits',
    OVERFILLED: 'Not buildable: overfilled',
    ITEM_TOO_LARGE: 'Not buildable: an item is larger than the opening',
    ITEMS_DO_NOT_FIT: 'Not buildable: no layout found',
  },
  verdict: {
    fill: (fill, limit) => `fill ${fill} of ${limit} allowed`,
    itemTooLarge: (item, across) => `item Ø ${item}, opening ${across} across`,
    bestLayoutNeeds: (size) => `the best layout found needs ${size}`,
    wrap: (status, details) => `${status} (${details.join('; ')})`,
  },
  notInTotals: (verdict) => `${verdict}; not in these totals.`,
  totalsTransit: (name) => `Transit ${name}`,
  facts: {
    location: 'Location',
    revision: 'Revision',
    opening: 'Opening',
    nominalSize: 'Nominal size',
    itemType: 'Penetrating item type',
    items: 'Items',
    transitType: 'Transit type',
    class: 'Class',
    depth: 'Depth',
    sealant: 'Sealant',
    pipeConfiguration: 'Pipe configuration',
    spare: 'Spare',
    copies: 'Copies',
    notSelected: 'Not selected',
    notSet: 'Not set',
    none: 'None',
    minimum: (depth) => `minimum ${depth}`,
    singleLayer: 'single layer',
    doubleLayer: 'double layer',
    singlePipe: 'Single pipe',
    multiplePipes: 'Multiple pipes',
  },
  fillRows: {
    transitArea: 'Transit area',
    itemsArea: 'Items area',
    itemsAreaWithClearance: 'Items area with clearance',
    emptyArea: 'Empty area',
    fill: 'Fill',
    fillLimit: 'Fill limit',
    status: 'Status',
  },
  opening: {
    round: (d) => `Round, Ø ${d}`,
    roundNoDiameter: 'Round, no diameter',
    rectangle: (w, h) => `Rectangle, ${w} × ${h}`,
    rectangleNoDimensions: 'Rectangle, no dimensions',
    cornerRadius: (r) => `, corner radius ${r}`,
  },
  kinds: { CABLE: 'Cable', PIPE: 'Pipe', PIPE_PLASTIC: 'Plastic pipe', UNKNOWN: 'Item' },
  cableSleeve: 'Cable sleeve',
  crusher: 'Crusher',
  clearanceRing: (d, c) => `Ø ${d} (clearance ${c})`,
  smallestGap: (gap) => `Smallest gap: ${gap}`,
  pipesToWall: (gap, required) => `Pipes to the wall: ${gap} (required ${required})`,
  material: {
    fillerSleeve: (size, bundles) => `Filler sleeve, ${size}; ${bundles}`,
    sleeveSize: (d, l) => `${d !== null ? `Ø ${d}, ` : ''}length ${l}`,
    bundles: (n, per) => `${n} ${n === 1 ? 'bundle' : 'bundles'} of ${per}`,
    sealant: 'Sealant',
    sealantVolume: 'Sealant volume',
    cartridges: (name) => `${name}, cartridges`,
    cartridge: (size) => `${size} cartridge`,
    usable: (size) => `${size} usable`,
    cableSleeveItem: (a) => `Cable sleeve ${a}`,
    cableSleeveDetail: (d, min, max) => `Ø ${d}, for cables over ${min} up to ${max}`,
    cableSleeveProduct: (d, min, max) => `Cable sleeve Ø ${d} (cables ${min}–${max})`,
    crusherItem: (a) => `Crusher ${a}`,
    crusherDetail: (name, size, d, outer) => `${name}: pipe ${size}, Ø ${d}; outer Ø ${outer}`,
    crusherProduct: (name, outer) => `Crusher ${name}, outer Ø ${outer}`,
    wrap: 'Cable wrap',
    wrapLength: (min, turns) => `Length (cables over ${min}, ${turns} turns)`,
    wrapRolls: 'Cable wrap rolls',
    rollsOf: (l) => `Rolls of ${l}`,
    pricePer: (price, unit) => `${price} per ${unit}`,
    pieces: 'pcs',
    cartridgesUnit: 'cartridges',
    rollsUnit: 'rolls',
  },
  // The engine's own texts with figures are written again with the document's formatters; the spec's texts (§8)
  // are printed as the spec words them, so they are not listed.
  engineMessages: {
    FILL_LIMIT_EXCEEDED: 'The fill with clearance ({{fill}}) exceeds the fill limit of {{limit}}.',
    CLEARANCE_NOT_DEFINED:
      'No clearance is defined for a pipe of {{diameter}} outer diameter; none was added.',
    NO_CABLE_SLEEVE: 'No cable sleeve fits a cable of {{diameter}} outer diameter.',
  },
  mail: {
    subject: (format, project) => `Material List (${format}): ${project}`,
    shared: (who, org, format, project) =>
      `${who} (${org}) shared the material list of project "${project}" with you (format: ${format}).`,
    customer: (name) => `Customer: ${name}`,
    file: (name) => `File: ${name} (attached)`,
  },
};

const DE: DocumentTexts = {
  title: 'Materialliste',
  tagline: 'Bemessung von Kabel- und Rohrdurchführungen',
  coverHeading: 'Projekt',
  transitsHeading: 'Durchführungen',
  transitHeading: (name) => `Durchführung: ${name}`,
  transitData: 'Daten der Durchführung',
  fill: 'Füllung',
  drawing: 'Zeichnung',
  drawingOf: (name) => `Zeichnung von ${name}`,
  materials: 'Material',
  materialsWithCopies: (copies) => `Material (für alle ${copies} Stück)`,
  totals: 'Materialsummen des Projekts',
  totalsNote:
    'Die Summen enthalten jede exportierte baubare Durchführung, multipliziert mit ihrer Anzahl; eine nicht ' +
    'baubare Durchführung steht darunter und wird nicht mitgezählt.',
  noMaterials: 'Kein Material.',
  noTransits: 'Es wurden keine Durchführungen exportiert.',
  noDrawing: 'Keine Zeichnung: Die Durchführung hat keine Maße oder keine Elemente.',
  notes: 'Anmerkungen',
  sampleNotice:
    'BEISPIELDATEN: Die Katalogwerte (Füllhülsengrößen, Kartuschengrößen, Artikelnummern, Mindesttiefen) sind ' +
    'Beispielwerte, bis ein Administrator den Katalog prüft. Prüfen Sie sie vor der Bestellung.',
  sampleNoticeItem: 'BEISPIELDATEN',
  units: (label) => `Einheiten: ${label}`,
  generated: (timestamp) => `Erstellt am ${timestamp}`,
  pageOf: ['Seite ', ' von ', ''],
  materialColumns: ['Position', 'Beschreibung', 'Menge', 'Einheit'],
  legend: 'Legende',
  legendColumns: ['Nr.', 'Element', 'Ø Element', 'Kabelhülse oder Crusher', 'Abstandsring'],
  cover: {
    project: 'Projekt',
    customer: 'Kunde',
    industry: 'Branche',
    date: 'Datum',
    preparedBy: 'Erstellt von',
    organization: 'Organisation',
    projectCreated: 'Projekt angelegt',
    lastUpdated: 'Zuletzt geändert',
    unitSystem: 'Einheitensystem',
    transitsInExport: 'Durchführungen in diesem Export',
    totalsOnly: 'Nur Materialsummen des Projekts',
    notes: 'Anmerkungen',
  },
  overviewColumns: ['Durchführung', 'Öffnung', 'Anzahl', 'Füllung', 'Status'],
  csvColumns: [
    'Projekt',
    'Durchführung',
    'Anzahl',
    'Position',
    'Beschreibung',
    'Menge',
    'Einheit',
    'Einheitensystem',
    'Artikelnummer',
    'Stückpreis',
    'Einbauort',
  ],
  csvProjectTotal: 'Projektsumme',
  xlsx: {
    totalsSheet: 'Projektsummen',
    transitSheet: 'Durchführung',
    columns: ['Artikelnummer', 'Position', 'Beschreibung', 'Menge', 'Einheit'],
    legendColumns: ['Nr.', 'Element', 'Kabelhülse oder Crusher; Abstandsring'],
    transitsColumns: ['Durchführung', 'Anzahl', 'Status', 'Einbauort'],
  },
  dxf: {
    location: 'Einbauort',
    project: 'Projekt',
    customer: 'Kunde',
    transit: 'Durchführung',
    opening: 'Öffnung',
    copies: 'Anzahl',
    status: 'Status',
    drawingUnits: 'Zeichnungseinheit',
    textsIn: (label) => `Texte in ${label}`,
    preparedBy: 'Erstellt von',
    generated: 'Erstellt am',
    fill: (fill, limit) => `${fill} von zulässigen ${limit}`,
    fillLabel: 'Füllung',
    note: 'Hinweis',
  },
  unitSystemName: { METRIC: 'Metrisch', IMPERIAL: 'Zoll' },
  status: {
    INCOMPLETE: 'Unvollständig',
    FITS: 'Passt',
    OVERFILLED: 'Nicht baubar: überfüllt',
    ITEM_TOO_LARGE: 'Nicht baubar: eine Leitung ist größer als die Öffnung',
    ITEMS_DO_NOT_FIT: 'Nicht baubar: keine Anordnung gefunden',
  },
  verdict: {
    fill: (fill, limit) => `Füllung ${fill} von zulässigen ${limit}`,
    itemTooLarge: (item, across) => `Leitung Ø ${item}, Öffnung ${across} breit`,
    bestLayoutNeeds: (size) => `die beste gefundene Anordnung braucht ${size}`,
    wrap: (status, details) => `${status} (${details.join('; ')})`,
  },
  notInTotals: (verdict) => `${verdict}; nicht in diesen Summen.`,
  totalsTransit: (name) => `Durchführung ${name}`,
  facts: {
    location: 'Einbauort',
    revision: 'Revision',
    opening: 'Öffnung',
    nominalSize: 'Nenngröße',
    itemType: 'Art der Durchführungselemente',
    items: 'Elemente',
    transitType: 'Durchführungstyp',
    class: 'Klasse',
    depth: 'Tiefe',
    sealant: 'Dichtmasse',
    pipeConfiguration: 'Rohranordnung',
    spare: 'Reserve',
    copies: 'Anzahl',
    notSelected: 'Nicht gewählt',
    notSet: 'Nicht angegeben',
    none: 'Keine',
    minimum: (depth) => `mindestens ${depth}`,
    singleLayer: 'einfache Schicht',
    doubleLayer: 'doppelte Schicht',
    singlePipe: 'Einzelrohr',
    multiplePipes: 'Mehrere Rohre',
  },
  fillRows: {
    transitArea: 'Fläche der Durchführung',
    itemsArea: 'Fläche der Elemente',
    itemsAreaWithClearance: 'Fläche der Elemente mit Abstand',
    emptyArea: 'Freie Fläche',
    fill: 'Füllung',
    fillLimit: 'Füllgrenze',
    status: 'Status',
  },
  opening: {
    round: (d) => `Rund, Ø ${d}`,
    roundNoDiameter: 'Rund, ohne Durchmesser',
    rectangle: (w, h) => `Rechteckig, ${w} × ${h}`,
    rectangleNoDimensions: 'Rechteckig, ohne Maße',
    cornerRadius: (r) => `, Eckradius ${r}`,
  },
  kinds: { CABLE: 'Kabel', PIPE: 'Rohr', PIPE_PLASTIC: 'Kunststoffrohr', UNKNOWN: 'Element' },
  cableSleeve: 'Kabelhülse',
  crusher: 'Crusher',
  clearanceRing: (d, c) => `Ø ${d} (Abstand ${c})`,
  smallestGap: (gap) => `Kleinster Abstand: ${gap}`,
  pipesToWall: (gap, required) => `Rohre zur Wand: ${gap} (gefordert ${required})`,
  material: {
    fillerSleeve: (size, bundles) => `Füllhülse, ${size}; ${bundles}`,
    sleeveSize: (d, l) => `${d !== null ? `Ø ${d}, ` : ''}Länge ${l}`,
    bundles: (n, per) => `${n} Bündel zu ${per}`,
    sealant: 'Dichtmasse',
    sealantVolume: 'Menge Dichtmasse',
    cartridges: (name) => `${name}, Kartuschen`,
    cartridge: (size) => `Kartusche zu ${size}`,
    usable: (size) => `${size} nutzbar`,
    cableSleeveItem: (a) => `Kabelhülse ${a}`,
    cableSleeveDetail: (d, min, max) => `Ø ${d}, für Kabel über ${min} bis ${max}`,
    cableSleeveProduct: (d, min, max) => `Kabelhülse Ø ${d} (Kabel ${min}–${max})`,
    crusherItem: (a) => `Crusher ${a}`,
    crusherDetail: (name, size, d, outer) => `${name}: Rohr ${size}, Ø ${d}; Außen-Ø ${outer}`,
    crusherProduct: (name, outer) => `Crusher ${name}, Außen-Ø ${outer}`,
    wrap: 'Kabelwickelband',
    wrapLength: (min, turns) => `Länge (Kabel über ${min}, ${turns} Windungen)`,
    wrapRolls: 'Rollen Kabelwickelband',
    rollsOf: (l) => `Rollen zu ${l}`,
    pricePer: (price, unit) => `${price} je ${unit}`,
    pieces: 'Stk.',
    cartridgesUnit: 'Kartuschen',
    rollsUnit: 'Rollen',
  },
  engineMessages: {
    ITEMS_DO_NOT_FIT: 'Die Durchführungselemente passen nicht in die Durchführung.',
    MINIMUM_EXCESS_SPACE: 'Die Durchführung erfordert einen Mindestfreiraum.',
    DEPTH_BELOW_MINIMUM: 'Die Mindesttiefe für diesen Durchführungstyp beträgt {{min}}',
    RISE_ULTRA_LONGER_DEPTH:
      'Wenn eine tiefere Durchführung benötigt wird, wenden Sie sich bitte an den Anbieter oder Ihren Händler.',
    RISE_ULTRA_SCH80: 'Wenn Sch. 80 benötigt wird, wenden Sie sich bitte an den Anbieter oder Ihren Händler',
    FILL_LIMIT_EXCEEDED: 'Die Füllung mit Abstand ({{fill}}) überschreitet die Füllgrenze von {{limit}}.',
    TRANSIT_SIZE_MISSING: 'Geben Sie die Abmessungen der Durchführung ein, um die Füllung zu berechnen.',
    MATERIALS_INCOMPLETE:
      'Wählen Sie Durchführungstyp, Klasse und Tiefe, um Füllhülsen und Dichtmasse zu berechnen.',
    CLEARANCE_NOT_DEFINED:
      'Für ein Rohr mit {{diameter}} Außendurchmesser ist kein Abstand definiert; es wurde keiner hinzugefügt.',
    NO_CABLE_SLEEVE: 'Keine Kabelhülse passt zu einem Kabel mit {{diameter}} Außendurchmesser.',
    CRUSHER_NOT_FOUND:
      'Die Rohrgröße {{crusherId}} ist nicht im Katalog; der eingegebene Durchmesser wurde verwendet.',
    CORNER_RADIUS_TOO_LARGE:
      'Der Eckradius darf höchstens {{maxRadius}} betragen (die Hälfte der kürzeren Seite).',
    SPARE_PERCENT_OUT_OF_RANGE: 'Der Reserveanteil muss zwischen 0 und {{max}} liegen',
    NEGATIVE_SIZE: 'Maße dürfen nicht negativ sein.',
  },
  mail: {
    subject: (format, project) => `Materialliste (${format}): ${project}`,
    shared: (who, org, format, project) =>
      `${who} (${org}) hat Ihnen die Materialliste des Projekts „${project}“ gesendet (Format: ${format}).`,
    customer: (name) => `Kunde: ${name}`,
    file: (name) => `Datei: ${name} (im Anhang)`,
  },
};

const FR: DocumentTexts = {
  title: 'Liste de matériel',
  tagline: 'Dimensionnement des traversées de câbles et de tuyaux',
  coverHeading: 'Projet',
  transitsHeading: 'Traversées',
  transitHeading: (name) => `Traversée : ${name}`,
  transitData: 'Données de la traversée',
  fill: 'Remplissage',
  drawing: 'Dessin',
  drawingOf: (name) => `Dessin de ${name}`,
  materials: 'Matériel',
  materialsWithCopies: (copies) => `Matériel (pour les ${copies} exemplaires)`,
  totals: 'Totaux de matériel du projet',
  totalsNote:
    'Les totaux comprennent chaque traversée exportée réalisable, multipliée par son nombre d’exemplaires ; une ' +
    'traversée non réalisable est listée en dessous et n’est pas additionnée.',
  noMaterials: 'Aucun matériel.',
  noTransits: 'Aucune traversée n’a été exportée.',
  noDrawing: 'Pas de dessin : la traversée n’a pas de dimensions ou pas d’éléments.',
  notes: 'Remarques',
  sampleNotice:
    'DONNÉES D’EXEMPLE : les valeurs du catalogue (tailles des manchons de remplissage, des cartouches, ' +
    'références, profondeurs minimales) sont des exemples tant qu’un administrateur n’a pas vérifié le catalogue. ' +
    'Vérifiez-les avant de commander.',
  sampleNoticeItem: 'DONNÉES D’EXEMPLE',
  units: (label) => `Unités : ${label}`,
  generated: (timestamp) => `Créé le ${timestamp}`,
  pageOf: ['Page ', ' sur ', ''],
  materialColumns: ['Article', 'Détail', 'Quantité', 'Unité'],
  legend: 'Légende',
  legendColumns: ['N°', 'Élément', 'Ø élément', 'Manchon de câble ou crusher', 'Anneau de dégagement'],
  cover: {
    project: 'Projet',
    customer: 'Client',
    industry: 'Secteur',
    date: 'Date',
    preparedBy: 'Établi par',
    organization: 'Organisation',
    projectCreated: 'Projet créé le',
    lastUpdated: 'Dernière modification',
    unitSystem: 'Système d’unités',
    transitsInExport: 'Traversées dans cet export',
    totalsOnly: 'Totaux de matériel du projet uniquement',
    notes: 'Remarques',
  },
  overviewColumns: ['Traversée', 'Ouverture', 'Exemplaires', 'Remplissage', 'État'],
  csvColumns: [
    'Projet',
    'Traversée',
    'Exemplaires',
    'Article',
    'Détail',
    'Quantité',
    'Unité',
    'Système d’unités',
    'Référence',
    'Prix unitaire',
    'Emplacement',
  ],
  csvProjectTotal: 'Total du projet',
  xlsx: {
    totalsSheet: 'Totaux du projet',
    transitSheet: 'Traversée',
    columns: ['Référence', 'Article', 'Détail', 'Quantité', 'Unité'],
    legendColumns: ['N°', 'Élément', 'Manchon de câble ou crusher ; anneau de dégagement'],
    transitsColumns: ['Traversée', 'Exemplaires', 'État', 'Emplacement'],
  },
  dxf: {
    location: 'Emplacement',
    project: 'Projet',
    customer: 'Client',
    transit: 'Traversée',
    opening: 'Ouverture',
    copies: 'Exemplaires',
    status: 'État',
    drawingUnits: 'Unités du dessin',
    textsIn: (label) => `textes en ${label}`,
    preparedBy: 'Établi par',
    generated: 'Créé le',
    fill: (fill, limit) => `${fill} pour ${limit} admis`,
    fillLabel: 'Remplissage',
    note: 'Remarque',
  },
  unitSystemName: { METRIC: 'Métrique', IMPERIAL: 'Impérial' },
  status: {
    INCOMPLETE: 'Incomplète',
    FITS: 'Convient',
    OVERFILLED: 'Non réalisable : trop remplie',
    ITEM_TOO_LARGE: 'Non réalisable : un élément est plus grand que l’ouverture',
    ITEMS_DO_NOT_FIT: 'Non réalisable : aucune disposition trouvée',
  },
  verdict: {
    fill: (fill, limit) => `remplissage ${fill} pour ${limit} admis`,
    itemTooLarge: (item, across) => `élément Ø ${item}, ouverture de ${across}`,
    bestLayoutNeeds: (size) => `la meilleure disposition trouvée demande ${size}`,
    wrap: (status, details) => `${status} (${details.join(' ; ')})`,
  },
  notInTotals: (verdict) => `${verdict} ; hors de ces totaux.`,
  totalsTransit: (name) => `Traversée ${name}`,
  facts: {
    location: 'Emplacement',
    revision: 'Révision',
    opening: 'Ouverture',
    nominalSize: 'Taille nominale',
    itemType: 'Type d’élément traversant',
    items: 'Éléments',
    transitType: 'Type de traversée',
    class: 'Classe',
    depth: 'Profondeur',
    sealant: 'Mastic',
    pipeConfiguration: 'Configuration des tuyaux',
    spare: 'Réserve',
    copies: 'Exemplaires',
    notSelected: 'Non choisi',
    notSet: 'Non indiquée',
    none: 'Aucun',
    minimum: (depth) => `minimum ${depth}`,
    singleLayer: 'une couche',
    doubleLayer: 'deux couches',
    singlePipe: 'Tuyau unique',
    multiplePipes: 'Plusieurs tuyaux',
  },
  fillRows: {
    transitArea: 'Surface de la traversée',
    itemsArea: 'Surface des éléments',
    itemsAreaWithClearance: 'Surface des éléments avec dégagement',
    emptyArea: 'Surface libre',
    fill: 'Remplissage',
    fillLimit: 'Limite de remplissage',
    status: 'État',
  },
  opening: {
    round: (d) => `Ronde, Ø ${d}`,
    roundNoDiameter: 'Ronde, sans diamètre',
    rectangle: (w, h) => `Rectangulaire, ${w} × ${h}`,
    rectangleNoDimensions: 'Rectangulaire, sans dimensions',
    cornerRadius: (r) => `, rayon d’angle ${r}`,
  },
  kinds: { CABLE: 'Câble', PIPE: 'Tuyau', PIPE_PLASTIC: 'Tuyau plastique', UNKNOWN: 'Élément' },
  cableSleeve: 'Manchon de câble',
  crusher: 'Crusher',
  clearanceRing: (d, c) => `Ø ${d} (dégagement ${c})`,
  smallestGap: (gap) => `Plus petit écart : ${gap}`,
  pipesToWall: (gap, required) => `Tuyaux à la paroi : ${gap} (requis ${required})`,
  material: {
    fillerSleeve: (size, bundles) => `Manchon de remplissage, ${size} ; ${bundles}`,
    sleeveSize: (d, l) => `${d !== null ? `Ø ${d}, ` : ''}longueur ${l}`,
    bundles: (n, per) => `${n} ${n === 1 ? 'lot' : 'lots'} de ${per}`,
    sealant: 'Mastic',
    sealantVolume: 'Volume de mastic',
    cartridges: (name) => `${name}, cartouches`,
    cartridge: (size) => `cartouche de ${size}`,
    usable: (size) => `${size} utilisables`,
    cableSleeveItem: (a) => `Manchon de câble ${a}`,
    cableSleeveDetail: (d, min, max) => `Ø ${d}, pour câbles de plus de ${min} jusqu’à ${max}`,
    cableSleeveProduct: (d, min, max) => `Manchon de câble Ø ${d} (câbles ${min}–${max})`,
    crusherItem: (a) => `Crusher ${a}`,
    crusherDetail: (name, size, d, outer) => `${name} : tuyau ${size}, Ø ${d} ; Ø extérieur ${outer}`,
    crusherProduct: (name, outer) => `Crusher ${name}, Ø extérieur ${outer}`,
    wrap: 'Bande pour câbles',
    wrapLength: (min, turns) => `Longueur (câbles de plus de ${min}, ${turns} tours)`,
    wrapRolls: 'Rouleaux de bande pour câbles',
    rollsOf: (l) => `Rouleaux de ${l}`,
    pricePer: (price, unit) => `${price} par ${unit}`,
    pieces: 'pcs',
    cartridgesUnit: 'cartouches',
    rollsUnit: 'rouleaux',
  },
  engineMessages: {
    ITEMS_DO_NOT_FIT: 'Les éléments traversants ne tiennent pas dans la traversée.',
    MINIMUM_EXCESS_SPACE: 'La traversée exige un espace libre minimal.',
    DEPTH_BELOW_MINIMUM: 'La profondeur minimale pour ce type de traversée est de {{min}}',
    RISE_ULTRA_LONGER_DEPTH:
      'Si une traversée plus profonde est nécessaire, veuillez contacter le fournisseur ou votre distributeur.',
    RISE_ULTRA_SCH80: 'Si le Sch. 80 est nécessaire, veuillez contacter le fournisseur ou votre distributeur',
    FILL_LIMIT_EXCEEDED: 'Le remplissage avec dégagement ({{fill}}) dépasse la limite de {{limit}}.',
    TRANSIT_SIZE_MISSING: 'Saisissez les dimensions de la traversée pour calculer le remplissage.',
    MATERIALS_INCOMPLETE:
      'Choisissez le type de traversée, la classe et la profondeur pour calculer les manchons et le mastic.',
    CLEARANCE_NOT_DEFINED:
      'Aucun dégagement n’est défini pour un tuyau de {{diameter}} de diamètre extérieur ; aucun n’a été ajouté.',
    NO_CABLE_SLEEVE: 'Aucun manchon ne convient à un câble de {{diameter}} de diamètre extérieur.',
    CRUSHER_NOT_FOUND: 'La taille {{crusherId}} n’est pas au catalogue ; le diamètre saisi a été utilisé.',
    CORNER_RADIUS_TOO_LARGE: 'Le rayon d’angle peut être au plus de {{maxRadius}} (la moitié du petit côté).',
    SPARE_PERCENT_OUT_OF_RANGE: 'Le pourcentage de réserve doit être compris entre 0 et {{max}}',
    NEGATIVE_SIZE: 'Les dimensions ne peuvent pas être négatives.',
  },
  mail: {
    subject: (format, project) => `Liste de matériel (${format}) : ${project}`,
    shared: (who, org, format, project) =>
      `${who} (${org}) vous a transmis la liste de matériel du projet « ${project} » (format : ${format}).`,
    customer: (name) => `Client : ${name}`,
    file: (name) => `Fichier : ${name} (en pièce jointe)`,
  },
};

const ZH: DocumentTexts = {
  title: '材料清单',
  tagline: '电缆和管道贯穿件选型',
  coverHeading: '项目',
  transitsHeading: '贯穿件',
  transitHeading: (name) => `贯穿件：${name}`,
  transitData: '贯穿件数据',
  fill: '填充率',
  drawing: '图纸',
  drawingOf: (name) => `${name} 的图纸`,
  materials: '材料',
  materialsWithCopies: (copies) => `材料（全部 ${copies} 个）`,
  totals: '项目材料合计',
  totalsNote: '合计包含所有可施工的导出贯穿件，并乘以其数量；不可施工的贯穿件列于其下，不计入合计。',
  noMaterials: '无材料。',
  noTransits: '未导出任何贯穿件。',
  noDrawing: '无图纸：该贯穿件没有尺寸或没有穿管件。',
  notes: '备注',
  sampleNotice:
    '示例数据：在管理员核实目录之前，目录数值（填充套管尺寸、胶筒规格、货号、最小深度）均为示例值。订购前请核对。',
  sampleNoticeItem: '示例数据',
  units: (label) => `单位：${label}`,
  generated: (timestamp) => `生成于 ${timestamp}`,
  pageOf: ['第 ', ' 页，共 ', ' 页'],
  materialColumns: ['项目', '说明', '数量', '单位'],
  legend: '图例',
  legendColumns: ['编号', '项目', '项目直径 Ø', '电缆套管或压接件', '间隙环'],
  cover: {
    project: '项目',
    customer: '客户',
    industry: '行业',
    date: '日期',
    preparedBy: '编制人',
    organization: '组织',
    projectCreated: '项目创建日期',
    lastUpdated: '最后更新',
    unitSystem: '单位制',
    transitsInExport: '本次导出的贯穿件',
    totalsOnly: '仅项目材料合计',
    notes: '备注',
  },
  overviewColumns: ['贯穿件', '开孔', '数量', '填充率', '状态'],
  csvColumns: ['项目', '贯穿件', '数量', '物料', '说明', '用量', '单位', '单位制', '货号', '单价', '位置'],
  csvProjectTotal: '项目合计',
  xlsx: {
    totalsSheet: '项目合计',
    transitSheet: '贯穿件',
    columns: ['货号', '物料', '说明', '数量', '单位'],
    legendColumns: ['编号', '项目', '电缆套管或压接件；间隙环'],
    transitsColumns: ['贯穿件', '数量', '状态', '位置'],
  },
  dxf: {
    location: '位置',
    project: '项目',
    customer: '客户',
    transit: '贯穿件',
    opening: '开孔',
    copies: '数量',
    status: '状态',
    drawingUnits: '图纸单位',
    textsIn: (label) => `文字单位 ${label}`,
    preparedBy: '编制人',
    generated: '生成于',
    fill: (fill, limit) => `${fill}，允许 ${limit}`,
    fillLabel: '填充率',
    note: '注意',
  },
  unitSystemName: { METRIC: '公制', IMPERIAL: '英制' },
  status: {
    INCOMPLETE: '不完整',
    FITS: '合适',
    OVERFILLED: '不可施工：填充过满',
    ITEM_TOO_LARGE: '无法施工：有穿管件大于开孔',
    ITEMS_DO_NOT_FIT: '无法施工：未找到排布',
  },
  verdict: {
    fill: (fill, limit) => `填充率 ${fill}，允许 ${limit}`,
    itemTooLarge: (item, across) => `穿管件 Ø ${item}，开孔宽 ${across}`,
    bestLayoutNeeds: (size) => `找到的最佳排布需要 ${size}`,
    wrap: (status, details) => `${status}（${details.join('；')}）`,
  },
  notInTotals: (verdict) => `${verdict}；不计入这些合计。`,
  totalsTransit: (name) => `贯穿件 ${name}`,
  facts: {
    location: '位置',
    revision: '修订版',
    opening: '开孔',
    nominalSize: '公称尺寸',
    itemType: '穿管件类型',
    items: '穿管件',
    transitType: '贯穿件类型',
    class: '等级',
    depth: '深度',
    sealant: '密封胶',
    pipeConfiguration: '管道配置',
    spare: '预留',
    copies: '数量',
    notSelected: '未选择',
    notSet: '未设置',
    none: '无',
    minimum: (depth) => `最小 ${depth}`,
    singleLayer: '单层',
    doubleLayer: '双层',
    singlePipe: '单根管道',
    multiplePipes: '多根管道',
  },
  fillRows: {
    transitArea: '贯穿件面积',
    itemsArea: '穿管件面积',
    itemsAreaWithClearance: '含间隙的穿管件面积',
    emptyArea: '空余面积',
    fill: '填充率',
    fillLimit: '填充上限',
    status: '状态',
  },
  opening: {
    round: (d) => `圆形，Ø ${d}`,
    roundNoDiameter: '圆形，无直径',
    rectangle: (w, h) => `矩形，${w} × ${h}`,
    rectangleNoDimensions: '矩形，无尺寸',
    cornerRadius: (r) => `，圆角半径 ${r}`,
  },
  kinds: { CABLE: '电缆', PIPE: '管道', PIPE_PLASTIC: '塑料管', UNKNOWN: '项目' },
  cableSleeve: '电缆套管',
  crusher: '压接件',
  clearanceRing: (d, c) => `Ø ${d}（间隙 ${c}）`,
  smallestGap: (gap) => `最小间隙：${gap}`,
  pipesToWall: (gap, required) => `管道至墙面：${gap}（要求 ${required}）`,
  material: {
    fillerSleeve: (size, bundles) => `填充套管，${size}；${bundles}`,
    sleeveSize: (d, l) => `${d !== null ? `Ø ${d}，` : ''}长度 ${l}`,
    bundles: (n, per) => `${n} 捆，每捆 ${per} 根`,
    sealant: '密封胶',
    sealantVolume: '密封胶用量',
    cartridges: (name) => `${name}，胶筒`,
    cartridge: (size) => `${size} 胶筒`,
    usable: (size) => `可用 ${size}`,
    cableSleeveItem: (a) => `电缆套管 ${a}`,
    cableSleeveDetail: (d, min, max) => `Ø ${d}，适用于大于 ${min} 至 ${max} 的电缆`,
    cableSleeveProduct: (d, min, max) => `电缆套管 Ø ${d}（电缆 ${min}–${max}）`,
    crusherItem: (a) => `压接件 ${a}`,
    crusherDetail: (name, size, d, outer) => `${name}：管道 ${size}，Ø ${d}；外径 Ø ${outer}`,
    crusherProduct: (name, outer) => `压接件 ${name}，外径 Ø ${outer}`,
    wrap: '电缆缠绕带',
    wrapLength: (min, turns) => `长度（大于 ${min} 的电缆，${turns} 圈）`,
    wrapRolls: '电缆缠绕带卷数',
    rollsOf: (l) => `每卷 ${l}`,
    pricePer: (price, unit) => `${price} / ${unit}`,
    pieces: '件',
    cartridgesUnit: '支',
    rollsUnit: '卷',
  },
  engineMessages: {
    ITEMS_DO_NOT_FIT: '穿管件无法放入贯穿件。',
    MINIMUM_EXCESS_SPACE: '贯穿件有最小余量空间要求。',
    DEPTH_BELOW_MINIMUM: '此类贯穿件的最小深度为 {{min}}',
    RISE_ULTRA_LONGER_DEPTH: '如需更长的贯穿深度，请联系供应商或您的经销商。',
    RISE_ULTRA_SCH80: '如需 Sch. 80，请联系供应商或您的经销商',
    FILL_LIMIT_EXCEEDED: '含间隙的填充率（{{fill}}）超过了 {{limit}} 的上限。',
    TRANSIT_SIZE_MISSING: '请输入贯穿件尺寸以计算填充率。',
    MATERIALS_INCOMPLETE: '请选择贯穿件类型、等级和深度以计算填充套管和密封胶。',
    CLEARANCE_NOT_DEFINED: '外径 {{diameter}} 的管道没有定义间隙，未添加间隙。',
    NO_CABLE_SLEEVE: '没有适合外径 {{diameter}} 电缆的电缆套管。',
    CRUSHER_NOT_FOUND: '管道规格 {{crusherId}} 不在目录中，已使用输入的直径。',
    CORNER_RADIUS_TOO_LARGE: '圆角半径最大为 {{maxRadius}}（短边的一半）。',
    SPARE_PERCENT_OUT_OF_RANGE: '余量百分比必须在 0 到 {{max}} 之间',
    NEGATIVE_SIZE: '尺寸不能为负数。',
  },
  mail: {
    subject: (format, project) => `材料清单（${format}）：${project}`,
    shared: (who, org, format, project) =>
      `${who}（${org}）与您共享了项目“${project}”的材料清单（格式：${format}）。`,
    customer: (name) => `客户：${name}`,
    file: (name) => `文件：${name}（见附件）`,
  },
};

export const DOCUMENT_TEXTS: Readonly<Record<DocumentLanguage, DocumentTexts>> = {
  'en-US': EN,
  'de-DE': DE,
  'fr-FR': FR,
  'zh-Hans': ZH,
};

export function documentTexts(language: DocumentLanguage): DocumentTexts {
  return DOCUMENT_TEXTS[language];
}
