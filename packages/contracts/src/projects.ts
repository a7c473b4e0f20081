import { z } from 'zod';
import { singleLine } from './input-gate';
import { auditingSchema, referenceSchema, saveControlSchema } from './records';
import type { Customer } from './customers';
import type { TransitWithItems } from './transits';

export const PROJECT_NAME_MAX_LENGTH = 100;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 4000;
/** Dashboard and sidebar: how many recent projects are listed. */
export const RECENT_PROJECTS_LIMIT = 5;

/** Spec §5 / §8 texts of the project form, used by the web form and the server alike. */
export const PROJECT_MESSAGES = {
  name: 'Please Enter a Project Name',
  industry: 'Please Enter an industry',
  customer: 'Please Select a Customer',
  saved: 'Project saved successfully!',
  notFound: 'Project not found.',
  customerNotFound: 'This customer does not exist or is not active.',
  industryNotFound: 'This industry does not exist or is not active.',
} as const;

/** Spec §2/§5 Start A New Project form (zodResolver): customer, name, industry required; notes optional. */
export const projectFormSchema = z.object({
  customerId: z.string({ error: PROJECT_MESSAGES.customer }).trim().min(1, PROJECT_MESSAGES.customer),
  name: singleLine(
    z
      .string({ error: PROJECT_MESSAGES.name })
      .trim()
      .min(1, PROJECT_MESSAGES.name)
      .max(PROJECT_NAME_MAX_LENGTH, PROJECT_MESSAGES.name),
    'The project name',
  ),
  industryId: z.string({ error: PROJECT_MESSAGES.industry }).trim().min(1, PROJECT_MESSAGES.industry).max(60),
  /** Spec §3 description (the form's Notes). */
  description: z.string().max(PROJECT_DESCRIPTION_MAX_LENGTH).default(''),
});
export type ProjectForm = z.input<typeof projectFormSchema>;

/** The project as saved: the form plus id (absent = create) and the save controls (version, force, isDelete). */
export const projectInputSchema = projectFormSchema
  .extend({
    id: z.string().uuid().optional(),
    customerId: z.string({ error: PROJECT_MESSAGES.customer }).uuid(PROJECT_MESSAGES.customer),
  })
  .extend(saveControlSchema.shape);
export type ProjectInput = z.input<typeof projectInputSchema>;

/** Spec §3 project as answered: customer and industry as references, with the live transit count. */
export const projectSchema = z.object({
  id: z.string(),
  guid: z.string(),
  name: z.string(),
  customerId: z.string(),
  industryId: z.string(),
  /** {id, display: customer name, model: 'Customer'} */
  customer: referenceSchema,
  /** {id, display: industry name, model: 'Industry'} */
  industry: referenceSchema,
  description: z.string(),
  transitCount: z.number().int(),
  isRemoved: z.boolean(),
  version: z.number().int(),
  auditing: auditingSchema,
});
export type Project = z.infer<typeof projectSchema>;

/** Spec §7 POST /api/project/saveOne {project} -> the saved Project. */
export const saveProjectRequestSchema = z.object({ project: projectInputSchema });
export type SaveProjectRequest = z.input<typeof saveProjectRequestSchema>;

/** Spec §7 POST /api/project/getProjectAndTransits {projectId}. */
export const projectIdRequestSchema = z.object({ projectId: z.string().uuid() });
export type ProjectIdRequest = z.infer<typeof projectIdRequestSchema>;

/** Answer of getProjectAndTransits: the project with its customer record, and its live transits with items. */
export interface ProjectAndTransits {
  project: Project;
  customer: Customer;
  transits: TransitWithItems[];
}

/** Spec §7 POST /api/project/getDashboardData {} (counts of the caller's organization). */
export interface DashboardData {
  counts: { projects: number; transits: number; customers: number; overfilledTransits: number };
  /** Most recently updated projects, newest first (RECENT_PROJECTS_LIMIT). */
  recentProjects: Project[];
}

/** Spec §7 POST /api/project/getRecentProjects {} -> Project[] (newest first, RECENT_PROJECTS_LIMIT). */
export type RecentProjects = Project[];
