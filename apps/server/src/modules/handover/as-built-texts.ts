import type { DocumentLanguage, TransitSiteStatus } from '@sealplan/contracts';

/** Every word the as-built record writes, one table per document language (ADR 027, ADR 035). */
export interface AsBuiltTexts {
  title: string;
  project: string;
  customer: string;
  organization: string;
  scope: string;
  wholeProject: string;
  preparedBy: string;
  generated: string;
  summary: string;
  transitCount: (count: number) => string;
  location: string;
  noLocation: string;
  status: string;
  revision: string;
  installed: string;
  inspected: string;
  notYet: string;
  /** "Jane Doe, 2026-11-28 14:05 UTC". */
  byOn: (name: string, at: string) => string;
  remarks: string;
  steps: string;
  photos: (count: number) => string;
  noPhotos: string;
  noTransits: string;
  pageOf: (page: number, pages: number) => string;
  statuses: Record<TransitSiteStatus, string>;
}

const EN: AsBuiltTexts = {
  title: 'As-built record',
  project: 'Project',
  customer: 'Customer',
  organization: 'Organization',
  scope: 'Scope',
  wholeProject: 'Whole project',
  preparedBy: 'Prepared by',
  generated: 'Generated',
  summary: 'Transits per status',
  transitCount: (count) => (count === 1 ? '1 transit' : `${count} transits`),
  location: 'Location',
  noLocation: 'No location',
  status: 'Status',
  revision: 'Revision',
  installed: 'Installed',
  inspected: 'Inspected',
  notYet: '—',
  byOn: (name, at) => `${name}, ${at}`,
  remarks: 'Remarks',
  steps: 'Steps',
  photos: (count) => (count === 1 ? 'Photo (1)' : `Photos (${count})`),
  noPhotos: 'No photos',
  noTransits: 'No transits in this scope.',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  statuses: {
    DESIGNED: 'Designed',
    INSTALLED: 'Installed',
    INSPECTION_PASSED: 'Inspection passed',
    INSPECTION_FAILED: 'Inspection failed',
  },
};

const DE: AsBuiltTexts = {
  title: 'Bestandsdokumentation',
  project: 'Projekt',
  customer: 'Kunde',
  organization: 'Organisation',
  scope: 'Umfang',
  wholeProject: 'Gesamtes Projekt',
  preparedBy: 'Erstellt von',
  generated: 'Erzeugt',
  summary: 'Durchführungen je Status',
  transitCount: (count) => (count === 1 ? '1 Durchführung' : `${count} Durchführungen`),
  location: 'Ort',
  noLocation: 'Kein Ort',
  status: 'Status',
  revision: 'Revision',
  installed: 'Eingebaut',
  inspected: 'Geprüft',
  notYet: '—',
  byOn: (name, at) => `${name}, ${at}`,
  remarks: 'Bemerkungen',
  steps: 'Schritte',
  photos: (count) => (count === 1 ? 'Foto (1)' : `Fotos (${count})`),
  noPhotos: 'Keine Fotos',
  noTransits: 'Keine Durchführungen in diesem Umfang.',
  pageOf: (page, pages) => `Seite ${page} von ${pages}`,
  statuses: {
    DESIGNED: 'Geplant',
    INSTALLED: 'Eingebaut',
    INSPECTION_PASSED: 'Prüfung bestanden',
    INSPECTION_FAILED: 'Prüfung nicht bestanden',
  },
};

const FR: AsBuiltTexts = {
  title: 'Dossier des ouvrages exécutés',
  project: 'Projet',
  customer: 'Client',
  organization: 'Organisation',
  scope: 'Périmètre',
  wholeProject: 'Projet entier',
  preparedBy: 'Établi par',
  generated: 'Généré le',
  summary: 'Traversées par statut',
  transitCount: (count) => (count <= 1 ? `${count} traversée` : `${count} traversées`),
  location: 'Emplacement',
  noLocation: 'Sans emplacement',
  status: 'Statut',
  revision: 'Révision',
  installed: 'Installée',
  inspected: 'Inspectée',
  notYet: '—',
  byOn: (name, at) => `${name}, ${at}`,
  remarks: 'Remarques',
  steps: 'Étapes',
  photos: (count) => (count <= 1 ? `Photo (${count})` : `Photos (${count})`),
  noPhotos: 'Aucune photo',
  noTransits: 'Aucune traversée dans ce périmètre.',
  pageOf: (page, pages) => `Page ${page} sur ${pages}`,
  statuses: {
    DESIGNED: 'Conçue',
    INSTALLED: 'Installée',
    INSPECTION_PASSED: 'Inspection réussie',
    INSPECTION_FAILED: 'Inspection échouée',
  },
};

const ZH: AsBuiltTexts = {
  title: '竣工记录',
  project: '项目',
  customer: '客户',
  organization: '组织',
  scope: '范围',
  wholeProject: '整个项目',
  preparedBy: '编制人',
  generated: '生成时间',
  summary: '各状态的贯穿件',
  transitCount: (count) => `${count} 个贯穿件`,
  location: '位置',
  noLocation: '无位置',
  status: '状态',
  revision: '修订',
  installed: '已安装',
  inspected: '已检验',
  notYet: '—',
  byOn: (name, at) => `${name}，${at}`,
  remarks: '备注',
  steps: '步骤',
  photos: (count) => `照片（${count}）`,
  noPhotos: '无照片',
  noTransits: '此范围内没有贯穿件。',
  pageOf: (page, pages) => `第 ${page} 页，共 ${pages} 页`,
  statuses: {
    DESIGNED: '已设计',
    INSTALLED: '已安装',
    INSPECTION_PASSED: '检验通过',
    INSPECTION_FAILED: '检验未通过',
  },
};

export const AS_BUILT_TEXTS: Readonly<Record<DocumentLanguage, AsBuiltTexts>> = {
  'en-US': EN,
  'de-DE': DE,
  'fr-FR': FR,
  'zh-Hans': ZH,
};
