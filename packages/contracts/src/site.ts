import { z } from 'zod';
import { singleLine } from './input-gate';
import { editedVersionSchema } from './records';
import { ROLE_IDS, type PermissionSubject } from './permissions';

/**
 * ADR 031: a transit's life on site. designed → installed → inspected (passed, or failed with remarks, then
 * installed again). A transit without a recorded step is DESIGNED.
 */
export const TRANSIT_SITE_STATUSES = [
  'DESIGNED',
  'INSTALLED',
  'INSPECTION_PASSED',
  'INSPECTION_FAILED',
] as const;
export type TransitSiteStatus = (typeof TRANSIT_SITE_STATUSES)[number];

/** The steps a person takes on site. */
export const SITE_ACTIONS = ['install', 'pass', 'fail'] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];

/** ADR 031: which status each step leaves from, and where it goes. */
export const SITE_STEPS: Readonly<
  Record<SiteAction, { from: readonly TransitSiteStatus[]; to: TransitSiteStatus }>
> = {
  install: { from: ['DESIGNED', 'INSPECTION_FAILED'], to: 'INSTALLED' },
  pass: { from: ['INSTALLED'], to: 'INSPECTION_PASSED' },
  fail: { from: ['INSTALLED'], to: 'INSPECTION_FAILED' },
};

/** ADR 031: the roles that inspect (Author, Editor and DefaultUser-only callers install but do not inspect). */
export const INSPECTOR_ROLES: readonly string[] = [
  ROLE_IDS.ADMINISTRATOR,
  ROLE_IDS.ELEVATED_USER,
  ROLE_IDS.SYSTEM_ADMINISTRATOR,
];

/** ADR 031: whether a person may inspect (the server's rule and the site page's buttons). */
export function canInspect(user: PermissionSubject | null | undefined): boolean {
  return !!user && user.roles.some((role) => INSPECTOR_ROLES.includes(role));
}

/** The filter "what still needs work": installing (designed or failed) or inspecting (installed). */
export const SITE_WORK_FILTERS = ['toInstall', 'toInspect'] as const;
export type SiteWorkFilter = (typeof SITE_WORK_FILTERS)[number];
export const SITE_WORK_STATUSES: Readonly<Record<SiteWorkFilter, readonly TransitSiteStatus[]>> = {
  toInstall: SITE_STEPS.install.from,
  toInspect: SITE_STEPS.pass.from,
};

export const LOCATION_NAME_MAX_LENGTH = 80;
export const SITE_REMARKS_MAX_LENGTH = 2_000;
/** A location tree deeper than this is refused (deck → frame → room is 3; a building → level → room → bay is 4). */
export const LOCATION_MAX_DEPTH = 6;
/** Paper sizes of the label sheet (spec §10's document sizes). */
export const LABEL_PAPER_SIZES = ['A4', 'LETTER'] as const;
export type LabelPaperSize = (typeof LABEL_PAPER_SIZES)[number];

export const SITE_MESSAGES = {
  locationName: `Please enter a location name (1 to ${LOCATION_NAME_MAX_LENGTH} characters).`,
  locationNotFound: 'Location not found.',
  parentNotFound: 'The parent location is not in this project.',
  locationCycle: 'A location cannot be placed inside itself or one of its own sub-locations.',
  locationTooDeep: `Locations nest at most ${LOCATION_MAX_DEPTH} levels deep.`,
  locationHasChildren: 'This location has sub-locations. Delete or move them first.',
  locationOtherProject: 'The location belongs to another project.',
  transitNotFound: 'Transit not found.',
  remarksRequired: 'Please describe what failed the inspection.',
  remarksTooLong: `Remarks are at most ${SITE_REMARKS_MAX_LENGTH} characters.`,
  stepNotAllowed: 'This step does not follow from the transit’s current status.',
  inspectorRole: 'Only an Administrator, ElevatedUser or SystemAdministrator inspects transits.',
  inspectorNotInstaller:
    'The person who installed a transit does not inspect it; another person inspects it.',
} as const;

const locationName = singleLine(
  z
    .string({ error: SITE_MESSAGES.locationName })
    .trim()
    .min(1, SITE_MESSAGES.locationName)
    .max(LOCATION_NAME_MAX_LENGTH, SITE_MESSAGES.locationName),
  'The location name',
);

export const locationSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  sort: z.number().int(),
  version: z.number().int(),
});
export type Location = z.infer<typeof locationSchema>;

export const saveLocationRequestSchema = z.object({
  location: z.object({
    id: z.string().uuid().optional(),
    projectId: z.string().uuid(),
    parentId: z.string().uuid().nullable().optional(),
    name: locationName,
    sort: z.number().int().min(0).max(10_000).optional(),
    version: editedVersionSchema.positive().optional(),
  }),
});
export type SaveLocationRequest = z.input<typeof saveLocationRequestSchema>;

export const deleteLocationRequestSchema = z.object({ locationId: z.string().uuid() });

export const setTransitLocationRequestSchema = z.object({
  transitId: z.string().uuid(),
  locationId: z.string().uuid().nullable(),
});

export const changeSiteStatusRequestSchema = z
  .object({
    transitId: z.string().uuid(),
    action: z.enum(SITE_ACTIONS),
    remarks: z.string().trim().max(SITE_REMARKS_MAX_LENGTH, SITE_MESSAGES.remarksTooLong).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'fail' && !value.remarks)
      ctx.addIssue({ code: 'custom', path: ['remarks'], message: SITE_MESSAGES.remarksRequired });
  });
export type ChangeSiteStatusRequest = z.input<typeof changeSiteStatusRequestSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const siteStatusEventSchema = z.object({
  fromStatus: z.enum(TRANSIT_SITE_STATUSES),
  toStatus: z.enum(TRANSIT_SITE_STATUSES),
  by: personSchema,
  at: z.string(),
  remarks: z.string(),
});
export type SiteStatusEvent = z.infer<typeof siteStatusEventSchema>;

/** One transit on site: where it is, its status, who took each step, and what the caller may do next. */
export const transitSiteSchema = z.object({
  transitId: z.string(),
  projectId: z.string(),
  transitName: z.string(),
  projectName: z.string(),
  locationId: z.string().nullable(),
  /** The location's path from its root ("Deck 3", "Frame 42"); empty without a location. */
  locationPath: z.array(z.string()),
  status: z.enum(TRANSIT_SITE_STATUSES),
  installedBy: personSchema.nullable(),
  installedOn: z.string().nullable(),
  inspectedBy: personSchema.nullable(),
  inspectedOn: z.string().nullable(),
  remarks: z.string(),
  events: z.array(siteStatusEventSchema),
  allowedActions: z.array(z.enum(SITE_ACTIONS)),
});
export type TransitSite = z.infer<typeof transitSiteSchema>;

export const siteStatusCountsSchema = z.object(
  Object.fromEntries(TRANSIT_SITE_STATUSES.map((s) => [s, z.number().int()])) as Record<
    TransitSiteStatus,
    z.ZodNumber
  >,
);
export type SiteStatusCounts = z.infer<typeof siteStatusCountsSchema>;

/** A project's site view: its location tree, each live transit's location and status, and the counts. */
export const projectSiteSchema = z.object({
  projectId: z.string(),
  locations: z.array(locationSchema),
  transits: z.array(
    z.object({
      transitId: z.string(),
      locationId: z.string().nullable(),
      status: z.enum(TRANSIT_SITE_STATUSES),
    }),
  ),
  counts: siteStatusCountsSchema,
});
export type ProjectSite = z.infer<typeof projectSiteSchema>;

export const labelSheetParamsSchema = z.object({ projectId: z.string().uuid() });
export const labelSheetQuerySchema = z.object({ paper: z.enum(LABEL_PAPER_SIZES).default('A4') });

/** ADR 031: the stable link a transit's label carries (the web app's site page of that transit). */
export function transitSitePath(transitId: string): string {
  return `/site/transits/${transitId}`;
}

/** How a location's path is written (labels, lists, documents): "Deck 3 › Frame 42 › Engine room". */
export const LOCATION_PATH_SEPARATOR = ' › ';

/**
 * Each location's path from its root, by id (ADR 031). A parent missing from the list (or a circle, which the
 * server never stores) ends the path where it is.
 */
export function locationPaths(
  locations: readonly { id: string; parentId: string | null; name: string }[],
): Map<string, string[]> {
  const byId = new Map(locations.map((l) => [l.id, l]));
  const paths = new Map<string, string[]>();
  const pathOf = (id: string, seen: Set<string>): string[] => {
    const known = paths.get(id);
    if (known) return known;
    const location = byId.get(id);
    if (!location || seen.has(id)) return [];
    seen.add(id);
    const path = [...(location.parentId ? pathOf(location.parentId, seen) : []), location.name];
    paths.set(id, path);
    return path;
  };
  for (const l of locations) pathOf(l.id, new Set());
  return paths;
}
