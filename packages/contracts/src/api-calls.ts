import { z } from 'zod';
import { errorEnvelopeSchema, envelope } from './envelope';
import type { ErrorCode } from './errors';
import {
  apiKeyIdRequestSchema,
  apiKeySchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  v1ExportRequestSchema,
  v1PageQuerySchema,
  v1ProjectPageSchema,
  v1ProjectParamsSchema,
  v1TransitParamsSchema,
  type ApiKeyScope,
} from './api-keys';
import { healthSchema } from './health';
import {
  passwordChangedResponseSchema,
  resetPasswordEmailParamsSchema,
  resetPasswordEmailQuerySchema,
  resetPasswordEmailResponseSchema,
  resetPasswordRequestSchema,
  signOutResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  updatePasswordRequestSchema,
  validateTokenResponseSchema,
} from './auth';
import {
  adminUserResponseSchema,
  assignableRoleListResponseSchema,
  bulkUsersResponseSchema,
  createUserRequestSchema,
  currentUserResponseSchema,
  editUserRequestSchema,
  organizationListResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  saveRequestSchema,
  saveUserRequestSchema,
  saveUserResponseSchema,
  sendPasswordResetEmailRequestSchema,
  setDeviceRequestSchema,
  setRolesRequestSchema,
  updateUserStatusRequestSchema,
  userIdsRequestSchema,
  userListRequestSchema,
  userListResponseSchema,
} from './users';
import { signOutDeviceRequestSchema, signOutDeviceResponseSchema } from './devices';
import { saveCatalogueRequestSchema, verifyCatalogueRequestSchema } from './catalogue';
import {
  customerSchema,
  emptyRequestSchema,
  saveCustomerRequestSchema,
  saveIndustryNamesRequestSchema,
} from './customers';
import { projectIdRequestSchema, projectSchema, saveProjectRequestSchema } from './projects';
import {
  savePenetratingItemsAndTransitRequestSchema,
  savePenetratingItemsRequestSchema,
  saveTransitRequestSchema,
  transitIdRequestSchema,
} from './transits';
import { EXPORT_FILE_TYPES, sendProjectExportRequestSchema, sendProjectExportSharedSchema } from './export';
import { instanceListQuerySchema } from './records';
import {
  photoIdRequestSchema,
  photoParamsSchema,
  projectHistoryRequestSchema,
  projectHistorySchema,
  restoreTransitRequestSchema,
  transitHistorySchema,
  transitPhotoSchema,
} from './history';
import {
  changeSiteStatusRequestSchema,
  deleteLocationRequestSchema,
  labelSheetParamsSchema,
  labelSheetQuerySchema,
  locationSchema,
  projectSiteSchema,
  saveLocationRequestSchema,
  setTransitLocationRequestSchema,
  siteStatusCountsSchema,
  transitSiteSchema,
} from './site';
import {
  archiveImportResultSchema,
  archiveParamsSchema,
  archiveQuerySchema,
  asBuiltParamsSchema,
  asBuiltQuerySchema,
} from './handover';
import {
  importScheduleReportSchema,
  importScheduleRequestSchema,
  readScheduleFileRequestSchema,
  scheduleMappingAnswerSchema,
  scheduleTableSchema,
} from './schedules';
import {
  communitySubmitRequestSchema,
  contentPageSchema,
  contentPublishRequestSchema,
  contentSaveRequestSchema,
  contentSlugRequestSchema,
  facebookScrapeResponseSchema,
  indexAllRequestSchema,
  indexAllResponseSchema,
  lockerFileSchema,
  mainMenuSchema,
  preRenderResponseSchema,
  sequenceParamsSchema,
  sequenceResponseSchema,
  supportRequestSchema,
  systemMessageSchema,
  toggleLockRequestSchema,
  translationsQuerySchema,
  translationsResponseSchema,
  validateRequestSchema,
  validateResponseSchema,
} from './content';
import {
  externalAccessResponseSchema,
  externalProvidersResponseSchema,
  externalRequestResponseSchema,
  externalRequestSchema,
  externalTicketRequestSchema,
  externalVerifyResponseSchema,
  integrationSchema,
  linkedIdentitiesResponseSchema,
  oauth1AccessRequestSchema,
  oidcAccessRequestSchema,
  unlinkIdentityRequestSchema,
} from './external-sign-in';
import {
  adminSettingsSchema,
  apiDescriptionSchema,
  appSettingsSchema,
  customersSchema,
  dashboardDataSchema,
  formDataSchema,
  industriesSchema,
  instanceListSchema,
  instanceRecordSchema,
  penetratingItemTypesSchema,
  projectAndTransitsSchema,
  recentProjectsSchema,
  transitDataSchema,
  transitSchema,
} from './responses';
import {
  deletedWebhookSchema,
  saveWebhookRequestSchema,
  savedWebhookSchema,
  webhookDeliveriesRequestSchema,
  webhookDeliveryIdRequestSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookIdRequestSchema,
} from './webhooks';

/**
 * Who may make a call (ADR 024): the guard the server puts in front of it.
 * - `anyone`: no guard; the caller may be signed in or not (the handler may still look at who it is).
 * - `user`: signed in with admin.access (spec §6: signing in requires it).
 * - `orgUser`: a user who belongs to an organization (organization-owned data).
 * - `userAdmin`: a user with one of the user-administrator roles.
 * - `catalogueAdmin`: a SystemAdministrator or the provider organization's ElevatedUser (ADR 008).
 * - `contentAdmin`: a provider-organization user whose roles carry content.manage (ADR 016).
 * - `userInProduction`: `user` in production, `anyone` elsewhere (the API description, ADR 011).
 * - `apiKey`: the public API (ADR 036): an organization's API key with the call's `scope`, never a session.
 */
export const ACCESS_LEVELS = [
  'anyone',
  'user',
  'orgUser',
  'userAdmin',
  'catalogueAdmin',
  'contentAdmin',
  'userInProduction',
  'apiKey',
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as both sides see it (ADR 024). */
export interface ApiCall {
  method: HttpMethod;
  /** Fastify's form: `:name` for a path parameter, each named in `params`. */
  path: string;
  access: Access;
  /** The OpenAPI tag (the module). */
  tag: string;
  description?: string;
  /** The operation's summary in the API description; made from the call's name when absent. */
  summary?: string;
  /** Left out of the API description (an alias kept for old clients). */
  hidden?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * How the body travels: JSON unless said. A form body is parsed and checked by the handler itself (spec §7:
   * the token call words its failures with error_description); a multipart body is read part by part.
   */
  bodyMedia?: 'application/x-www-form-urlencoded' | 'multipart/form-data';
  /** The envelope's `data` when the call succeeds (HTTP 200). */
  data?: z.ZodType;
  /** Whole answers by status, beside (or, without `data`, instead of) the 200 envelope. */
  responses?: Readonly<Record<number, z.ZodType>>;
  /** The call may answer a file (these media types) instead of JSON. */
  fileMedia?: readonly string[];
  /**
   * Error codes the call answers beyond those its access and input imply (ADR 034: the OpenAPI document derives
   * 400, 401, 403, 404, 409, 413, 415 and 500 from the entry): rate limits, budgets, mail, sign-in refusals.
   */
  errors?: readonly ErrorCode[];
  /** The scope an `apiKey` call needs (ADR 036). */
  scope?: ApiKeyScope;
  /** A creating call of the public API: it takes an Idempotency-Key header (ADR 036). */
  idempotent?: boolean;
  /** Examples for the API description: a request body and the envelope's data of a success. */
  examples?: { request?: unknown; data?: unknown };
}

const call = <const C extends ApiCall>(definition: C): C => definition;

/** A body that is empty or `{}` (the spec's calls without arguments). */
export const optionalEmptyBodySchema = z.object({}).optional();
/** The generic records' model name (spec §7 /api/instance/{model}). */
export const instanceModelParamsSchema = z.object({ model: z.string().min(1).max(60) });
export const instanceRecordParamsSchema = instanceModelParamsSchema.extend({ id: z.string().min(1).max(60) });
/** Records are JSON objects; each model's contract validates the fields. */
export const instanceRecordBodySchema = z.record(z.string(), z.unknown());
export const instanceDeleteQuerySchema = z.object({
  version: z.coerce.number().int().positive().optional(),
  force: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const userIdParamsSchema = z.object({ id: z.guid() });
export const lockerParamsSchema = z.object({ id: z.string().min(1).max(60) });

const PROJECT_EXPORT_DESCRIPTION =
  'isShare false: answers the file (PDF, RTF, DOCX, CSV, XLSX, or DXF: one transit as .dxf, several as a ' +
  '.zip of one .dxf each) with content-disposition. isShare true: e-mails it to emailAddress and answers the envelope.';

const userBulk = (path: string) =>
  ({
    method: 'POST',
    path,
    access: 'userAdmin',
    tag: 'users',
    body: userIdsRequestSchema,
    data: bulkUsersResponseSchema,
  }) as const;

/**
 * Every API call (ADR 024): the server registers its routes from this table, the web app calls by its names and
 * checks the answers against it, and the OpenAPI document is made from it. The names are the spec's (§7) where
 * it names the call.
 */
export const apiCalls = {
  // Health and the API description.
  health: call({
    method: 'GET',
    path: '/api/health',
    access: 'anyone',
    tag: 'health',
    data: healthSchema,
    responses: { 503: envelope(healthSchema) },
  }),
  apiDescription: call({
    method: 'GET',
    path: '/api/docs',
    access: 'userInProduction',
    tag: 'docs',
    hidden: true,
    responses: { 200: apiDescriptionSchema },
  }),

  // Spec §7 "Authentication".
  'auth.token': call({
    method: 'POST',
    path: '/api/auth/token',
    access: 'anyone',
    tag: 'auth',
    body: tokenRequestSchema,
    bodyMedia: 'application/x-www-form-urlencoded',
    data: tokenResponseSchema,
    errors: ['INVALID_CREDENTIALS', 'ACCOUNT_PENDING', 'ACCOUNT_DENIED', 'ACCOUNT_SUSPENDED', 'RATE_LIMITED'],
  }),
  'auth.signout': call({
    method: 'GET',
    path: '/api/auth/signout',
    access: 'anyone',
    tag: 'auth',
    description: 'Signing out with an expired or revoked token still succeeds.',
    data: signOutResponseSchema,
  }),
  'auth.validatetoken': call({
    method: 'GET',
    path: '/api/auth/validatetoken',
    access: 'anyone',
    tag: 'auth',
    description: 'Any signed-in token is valid; otherwise 401 (spec §4).',
    data: validateTokenResponseSchema,
  }),
  'auth.updatePassword': call({
    method: 'POST',
    path: '/api/auth/update-password',
    access: 'user',
    tag: 'auth',
    body: updatePasswordRequestSchema,
    data: passwordChangedResponseSchema,
  }),
  'auth.currentUser': call({
    method: 'GET',
    path: '/api/auth/current-user',
    access: 'user',
    tag: 'auth',
    data: currentUserResponseSchema,
  }),
  'account.resetPasswordWithoutEmail': call({
    method: 'GET',
    path: '/api/v1/account/resetpassword',
    access: 'anyone',
    tag: 'auth',
    description: 'Spec §5: a missing e-mail is a clear error (400 VALIDATION_FAILED), not an unknown route.',
    responses: { 400: errorEnvelopeSchema },
  }),
  'account.resetPasswordWithoutEmailSlash': call({
    method: 'GET',
    path: '/api/v1/account/resetpassword/',
    access: 'anyone',
    tag: 'auth',
    hidden: true,
    responses: { 400: errorEnvelopeSchema },
  }),
  'account.resetPassword': call({
    method: 'GET',
    path: '/api/v1/account/resetpassword/:email',
    access: 'anyone',
    tag: 'auth',
    params: resetPasswordEmailParamsSchema,
    query: resetPasswordEmailQuerySchema,
    data: resetPasswordEmailResponseSchema,
  }),
  'account.updatePassword': call({
    method: 'POST',
    path: '/api/v1/account/updatepassword',
    access: 'anyone',
    tag: 'auth',
    body: resetPasswordRequestSchema,
    data: passwordChangedResponseSchema,
  }),

  // Spec §7 user calls and the user-admin grids.
  'user.register': call({
    method: 'POST',
    path: '/api/user/register',
    access: 'anyone',
    tag: 'users',
    description: 'Anyone may register; the account waits for approval.',
    body: registerRequestSchema,
    data: registerResponseSchema,
    errors: ['EMAIL_TAKEN', 'RATE_LIMITED'],
  }),
  'user.sendPasswordResetEmail': call({
    method: 'POST',
    path: '/api/user/sendPasswordResetEmail',
    access: 'anyone',
    tag: 'users',
    body: sendPasswordResetEmailRequestSchema,
    data: resetPasswordEmailResponseSchema,
  }),
  'user.resetPassword': call({
    method: 'POST',
    path: '/api/user/resetPassword',
    access: 'anyone',
    tag: 'users',
    body: resetPasswordRequestSchema,
    data: passwordChangedResponseSchema,
  }),
  'user.updateUserStatus': call({
    method: 'POST',
    path: '/api/user/updateUserStatus',
    access: 'userAdmin',
    tag: 'users',
    body: updateUserStatusRequestSchema,
    data: adminUserResponseSchema,
  }),
  'user.create': call({
    method: 'POST',
    path: '/api/user/create',
    access: 'userAdmin',
    tag: 'users',
    body: createUserRequestSchema,
    data: adminUserResponseSchema,
  }),
  'user.suspend': call(userBulk('/api/user/suspend')),
  'user.restore': call(userBulk('/api/user/restore')),
  'user.delete': call(userBulk('/api/user/delete')),
  'user.adminResetPassword': call(userBulk('/api/user/adminResetPassword')),
  'user.setRoles': call({
    method: 'POST',
    path: '/api/user/setRoles',
    access: 'userAdmin',
    tag: 'users',
    body: setRolesRequestSchema,
    data: bulkUsersResponseSchema,
  }),
  'user.assignableRoles': call({
    method: 'POST',
    path: '/api/user/assignableRoles',
    access: 'userAdmin',
    tag: 'users',
    body: optionalEmptyBodySchema,
    data: assignableRoleListResponseSchema,
  }),
  'user.list': call({
    method: 'POST',
    path: '/api/user/list',
    access: 'userAdmin',
    tag: 'users',
    body: userListRequestSchema,
    data: userListResponseSchema,
  }),
  'user.organizations': call({
    method: 'POST',
    path: '/api/user/organizations',
    access: 'userAdmin',
    tag: 'users',
    body: optionalEmptyBodySchema,
    data: organizationListResponseSchema,
  }),
  'user.editUser': call({
    method: 'POST',
    path: '/api/user/editUser',
    access: 'user',
    tag: 'users',
    description: 'Any signed-in user on their own id; a user administrator on users they administer.',
    body: editUserRequestSchema,
    data: saveUserResponseSchema,
  }),
  'user.saveUser': call({
    method: 'POST',
    path: '/api/user/saveUser',
    access: 'user',
    tag: 'users',
    body: saveUserRequestSchema,
    data: saveUserResponseSchema,
  }),
  'user.save': call({
    method: 'POST',
    path: '/api/user/save',
    access: 'user',
    tag: 'users',
    body: saveRequestSchema,
    data: saveUserResponseSchema,
  }),
  'user.setDevice': call({
    method: 'POST',
    path: '/api/user/setDevice',
    access: 'user',
    tag: 'users',
    body: setDeviceRequestSchema,
    data: saveUserResponseSchema,
  }),
  'user.getUser': call({
    method: 'GET',
    path: '/api/user/getUser',
    access: 'user',
    tag: 'users',
    data: currentUserResponseSchema,
  }),
  'user.getUserById': call({
    method: 'GET',
    path: '/api/user/getUser/:id',
    access: 'user',
    tag: 'users',
    params: userIdParamsSchema,
    data: currentUserResponseSchema,
  }),
  'user.signOutDevice': call({
    method: 'POST',
    path: '/api/user/signOutDevice',
    access: 'user',
    tag: 'users',
    body: signOutDeviceRequestSchema,
    data: signOutDeviceResponseSchema,
  }),

  // Spec §7 settings.
  settings: call({
    method: 'GET',
    path: '/api/settings',
    access: 'anyone',
    tag: 'settings',
    description: 'Public: page titles before sign-in.',
    data: appSettingsSchema,
  }),
  adminSettings: call({
    method: 'GET',
    path: '/api/adminSettings',
    access: 'userAdmin',
    tag: 'settings',
    data: adminSettingsSchema,
  }),

  // The catalogue (ADR 008).
  'catalogue.get': call({
    method: 'GET',
    path: '/api/catalogue',
    access: 'user',
    tag: 'catalogue',
    data: formDataSchema,
  }),
  'catalogue.save': call({
    method: 'PUT',
    path: '/api/catalogue',
    access: 'catalogueAdmin',
    tag: 'catalogue',
    body: saveCatalogueRequestSchema,
    data: formDataSchema,
  }),
  'catalogue.verify': call({
    method: 'POST',
    path: '/api/catalogue/verify',
    access: 'catalogueAdmin',
    tag: 'catalogue',
    body: verifyCatalogueRequestSchema,
    data: formDataSchema,
  }),

  // Spec §7 customers and industries.
  'customer.saveOne': call({
    method: 'POST',
    path: '/api/customer/saveOne',
    access: 'orgUser',
    tag: 'customers',
    body: saveCustomerRequestSchema,
    data: customerSchema,
  }),
  'customer.getActive': call({
    method: 'POST',
    path: '/api/customer/getActive',
    access: 'orgUser',
    tag: 'customers',
    body: emptyRequestSchema,
    data: customersSchema,
  }),
  'industry.getActive': call({
    method: 'POST',
    path: '/api/industry/getActive',
    access: 'anyone',
    tag: 'customers',
    description: 'Public: the register page lists the industries to a visitor; they are reference data.',
    body: emptyRequestSchema,
    data: industriesSchema,
  }),
  'industry.saveNames': call({
    method: 'POST',
    path: '/api/industry/saveNames',
    // Industries are reference data shared by every organization, named where the catalogue is (ADR 030).
    access: 'catalogueAdmin',
    tag: 'customers',
    body: saveIndustryNamesRequestSchema,
    data: industriesSchema,
  }),

  // Spec §7 product functions of projects, transits and penetrating items.
  'project.saveOne': call({
    method: 'POST',
    path: '/api/project/saveOne',
    access: 'orgUser',
    tag: 'projects',
    body: saveProjectRequestSchema,
    data: projectSchema,
  }),
  'project.getFormData': call({
    method: 'POST',
    path: '/api/project/getFormData',
    access: 'orgUser',
    tag: 'projects',
    body: emptyRequestSchema,
    data: formDataSchema,
  }),
  'project.getPenetratingItemTypes': call({
    method: 'POST',
    path: '/api/project/getPenetratingItemTypes',
    access: 'orgUser',
    tag: 'projects',
    body: emptyRequestSchema,
    data: penetratingItemTypesSchema,
  }),
  'project.getProjectAndTransits': call({
    method: 'POST',
    path: '/api/project/getProjectAndTransits',
    access: 'orgUser',
    tag: 'projects',
    body: projectIdRequestSchema,
    data: projectAndTransitsSchema,
  }),
  'project.getDashboardData': call({
    method: 'POST',
    path: '/api/project/getDashboardData',
    access: 'orgUser',
    tag: 'projects',
    body: emptyRequestSchema,
    data: dashboardDataSchema,
  }),
  'project.getRecentProjects': call({
    method: 'POST',
    path: '/api/project/getRecentProjects',
    access: 'orgUser',
    tag: 'projects',
    body: emptyRequestSchema,
    data: recentProjectsSchema,
  }),
  'project.getTransitData': call({
    method: 'POST',
    path: '/api/project/getTransitData',
    access: 'orgUser',
    tag: 'transits',
    body: transitIdRequestSchema,
    data: transitDataSchema,
  }),
  'project.saveTransit': call({
    method: 'POST',
    path: '/api/project/saveTransit',
    access: 'orgUser',
    tag: 'transits',
    body: saveTransitRequestSchema,
    data: transitSchema,
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),
  'project.savePenetratingItems': call({
    method: 'POST',
    path: '/api/project/savePenetratingItems',
    access: 'orgUser',
    tag: 'transits',
    body: savePenetratingItemsRequestSchema,
    data: transitDataSchema,
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),
  'project.savePenetratingItemsAndTransit': call({
    method: 'POST',
    path: '/api/project/savePenetratingItemsAndTransit',
    access: 'orgUser',
    tag: 'transits',
    body: savePenetratingItemsAndTransitRequestSchema,
    data: transitDataSchema,
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),
  'project.duplicateTransit': call({
    method: 'POST',
    path: '/api/project/duplicateTransit',
    access: 'orgUser',
    tag: 'transits',
    body: transitIdRequestSchema,
    data: transitDataSchema,
  }),
  // A transit's history, revisions and photos (ADR 032).
  'history.transit': call({
    method: 'POST',
    path: '/api/history/transit',
    access: 'orgUser',
    tag: 'transits',
    body: transitIdRequestSchema,
    data: transitHistorySchema,
  }),
  'history.project': call({
    method: 'POST',
    path: '/api/history/project',
    access: 'orgUser',
    tag: 'projects',
    description:
      "Every change of a project, newest first: its own fields and its transits' changes (items, status, photos).",
    body: projectHistoryRequestSchema,
    data: projectHistorySchema,
  }),
  'history.restore': call({
    method: 'POST',
    path: '/api/history/restore',
    access: 'orgUser',
    tag: 'transits',
    body: restoreTransitRequestSchema,
    data: transitDataSchema,
  }),
  'photos.list': call({
    method: 'POST',
    path: '/api/photos/list',
    access: 'orgUser',
    tag: 'transits',
    body: transitIdRequestSchema,
    data: z.array(transitPhotoSchema),
  }),
  'photos.file': call({
    method: 'GET',
    path: '/api/photos/:id',
    access: 'orgUser',
    tag: 'transits',
    params: photoParamsSchema,
    responses: { 200: z.unknown().describe('The photo or file, with its stored content type') },
    fileMedia: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  }),
  'photos.thumbnail': call({
    method: 'GET',
    path: '/api/photos/:id/thumbnail',
    access: 'orgUser',
    tag: 'transits',
    params: photoParamsSchema,
    responses: {
      200: z.unknown().describe('The photo made small (JPEG); a file that is not a photo has none (404)'),
    },
    fileMedia: ['image/jpeg'],
  }),
  'photos.remove': call({
    method: 'POST',
    path: '/api/photos/remove',
    access: 'orgUser',
    tag: 'transits',
    body: photoIdRequestSchema,
    data: z.object({ removed: z.literal(true) }),
  }),
  'project.sendProjectExport': call({
    method: 'POST',
    path: '/api/project/sendProjectExport',
    access: 'orgUser',
    tag: 'export',
    description: PROJECT_EXPORT_DESCRIPTION,
    body: sendProjectExportRequestSchema,
    // A download answers the file itself; a share answers this envelope.
    data: sendProjectExportSharedSchema,
    // Several DXF drawings travel as one .zip.
    fileMedia: [
      ...new Set(Object.values(EXPORT_FILE_TYPES).map((type) => type.contentType)),
      'application/zip',
    ],
    errors: [
      'RATE_LIMITED',
      'BULK_WORK_BUSY',
      'TIME_BUDGET_EXCEEDED',
      'MEMORY_BUDGET_EXCEEDED',
      'MAIL_FAILED',
    ],
  }),

  // A transit's life on site (ADR 031): locations, installation and inspection, labels.
  'site.getProjectSite': call({
    method: 'POST',
    path: '/api/site/getProjectSite',
    access: 'orgUser',
    tag: 'site',
    body: projectIdRequestSchema,
    data: projectSiteSchema,
  }),
  'site.saveLocation': call({
    method: 'POST',
    path: '/api/site/saveLocation',
    access: 'orgUser',
    tag: 'site',
    description:
      'Creates a location (no id) or renames or moves one (id, version): the tree is checked for cycles.',
    body: saveLocationRequestSchema,
    data: locationSchema,
  }),
  'site.deleteLocation': call({
    method: 'POST',
    path: '/api/site/deleteLocation',
    access: 'orgUser',
    tag: 'site',
    description: 'Deletes a location without sub-locations; its transits keep no location.',
    body: deleteLocationRequestSchema,
    data: projectSiteSchema,
  }),
  'site.setTransitLocation': call({
    method: 'POST',
    path: '/api/site/setTransitLocation',
    access: 'orgUser',
    tag: 'site',
    body: setTransitLocationRequestSchema,
    data: transitSiteSchema,
  }),
  'site.getTransitSite': call({
    method: 'POST',
    path: '/api/site/getTransitSite',
    access: 'orgUser',
    tag: 'site',
    body: transitIdRequestSchema,
    data: transitSiteSchema,
  }),
  'site.changeStatus': call({
    method: 'POST',
    path: '/api/site/changeStatus',
    access: 'orgUser',
    tag: 'site',
    description: 'install, pass or fail (with remarks): who may take which step is ADR 031.',
    body: changeSiteStatusRequestSchema,
    data: transitSiteSchema,
  }),
  'site.getStatusCounts': call({
    method: 'POST',
    path: '/api/site/getStatusCounts',
    access: 'orgUser',
    tag: 'site',
    description: "The organization's live transits per site status (the dashboard).",
    body: emptyRequestSchema,
    data: siteStatusCountsSchema,
  }),
  'site.labelSheet': call({
    method: 'GET',
    path: '/api/site/labels/:projectId',
    access: 'orgUser',
    tag: 'site',
    description:
      "A PDF sheet of labels, one per live transit: its name, location and a QR code of its site page's link.",
    params: labelSheetParamsSchema,
    query: labelSheetQuerySchema,
    responses: { 200: z.unknown().describe('The label sheet (PDF)') },
    fileMedia: ['application/pdf'],
  }),

  // The hand-over of a project (ADR 035): the as-built record and the project archive.
  'handover.asBuilt': call({
    method: 'GET',
    path: '/api/handover/asBuilt/:projectId',
    access: 'orgUser',
    tag: 'hand-over',
    description:
      'The as-built record (PDF) of a project, or of one location and the locations below it: each live transit ' +
      'with its location, status, who installed and inspected it and when, the remarks and the photos.',
    params: asBuiltParamsSchema,
    query: asBuiltQuerySchema,
    responses: { 200: z.unknown().describe('The as-built record (PDF)') },
    fileMedia: ['application/pdf'],
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),
  'handover.exportArchive': call({
    method: 'GET',
    path: '/api/handover/archive/:projectId',
    access: 'orgUser',
    tag: 'hand-over',
    description:
      'The project archive (ZIP): the data as JSON (docs/project-archive.md), the project document and the ' +
      "as-built record (PDF) and the photos. Making it issues the transits' current revisions, like any document.",
    params: archiveParamsSchema,
    query: archiveQuerySchema,
    responses: { 200: z.unknown().describe('The project archive (ZIP)') },
    fileMedia: ['application/zip'],
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),
  'handover.importArchive': call({
    method: 'POST',
    path: '/api/handover/importArchive',
    access: 'orgUser',
    tag: 'hand-over',
    description:
      'Imports a project archive (multipart field "file") into the caller\'s organization as a new project: every ' +
      'record gets a new id, nothing existing is changed. An Administrator of the organization imports. A bad ' +
      'archive is refused with the reason and nothing is written.',
    bodyMedia: 'multipart/form-data',
    data: archiveImportResultSchema,
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),

  // Spec §7 generic records.
  'instance.list': call({
    method: 'GET',
    path: '/api/instance/:model',
    access: 'orgUser',
    tag: 'records',
    params: instanceModelParamsSchema,
    query: instanceListQuerySchema,
    data: instanceListSchema,
  }),
  'instance.get': call({
    method: 'GET',
    path: '/api/instance/:model/:id',
    access: 'orgUser',
    tag: 'records',
    params: instanceRecordParamsSchema,
    data: instanceRecordSchema,
  }),
  'instance.create': call({
    method: 'POST',
    path: '/api/instance/:model',
    access: 'orgUser',
    tag: 'records',
    params: instanceModelParamsSchema,
    body: instanceRecordBodySchema,
    data: instanceRecordSchema,
  }),
  'instance.update': call({
    method: 'PUT',
    path: '/api/instance/:model/:id',
    access: 'orgUser',
    tag: 'records',
    params: instanceRecordParamsSchema,
    body: instanceRecordBodySchema,
    data: instanceRecordSchema,
  }),
  'instance.delete': call({
    method: 'DELETE',
    path: '/api/instance/:model/:id',
    access: 'orgUser',
    tag: 'records',
    params: instanceRecordParamsSchema,
    query: instanceDeleteQuerySchema,
    data: instanceRecordSchema,
  }),
  'instance.validate': call({
    method: 'POST',
    path: '/api/instance/validate/:model',
    access: 'contentAdmin',
    tag: 'records',
    params: instanceModelParamsSchema,
    body: validateRequestSchema,
    data: validateResponseSchema,
  }),
  'instance.sequence': call({
    method: 'POST',
    path: '/api/instance/sequence/:name',
    access: 'orgUser',
    tag: 'records',
    params: sequenceParamsSchema,
    data: sequenceResponseSchema,
  }),

  // Cable and pipe schedules (ADR 020).
  'schedules.readScheduleFile': call({
    method: 'POST',
    path: '/api/schedules/readScheduleFile',
    access: 'orgUser',
    tag: 'schedules',
    description:
      'Reads every sheet of a CSV, TSV or XLSX schedule (base64) into rows, with the heading row found in each and ' +
      "the organization's remembered column mapping. Nothing is stored.",
    body: readScheduleFileRequestSchema,
    data: scheduleTableSchema,
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),
  'schedules.getScheduleMapping': call({
    method: 'POST',
    path: '/api/schedules/getScheduleMapping',
    access: 'orgUser',
    tag: 'schedules',
    description: "The organization's remembered column mapping (null before its first import).",
    body: optionalEmptyBodySchema,
    data: scheduleMappingAnswerSchema,
  }),
  'schedules.importSchedule': call({
    method: 'POST',
    path: '/api/schedules/importSchedule',
    access: 'orgUser',
    tag: 'schedules',
    description:
      'Imports schedule rows (cells as text) into one transit (transitId) or the transits the rows name, ' +
      'creating missing ones when createTransits. Every row is checked; when any is rejected nothing is ' +
      'written and the answer is the report with applied false (HTTP 200). dryRun only reports. The whole ' +
      'import is one transaction; the mapping is remembered for the organization.',
    body: importScheduleRequestSchema,
    data: importScheduleReportSchema,
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),

  // Spec §7 content calls and their path helpers (ADR 016).
  'content.communitySubmit': call({
    method: 'POST',
    path: '/api/content/communitySubmit',
    access: 'user',
    tag: 'content',
    body: communitySubmitRequestSchema,
    data: supportRequestSchema,
  }),
  'content.getMainMenu': call({
    method: 'POST',
    path: '/api/content/getMainMenu',
    access: 'orgUser',
    tag: 'content',
    description:
      "The main menu's entries the caller's roles may see (type MAIN_MENU, by sort, then label): the shell's sidebar and header.",
    body: emptyRequestSchema,
    data: mainMenuSchema,
  }),
  'content.save': call({
    method: 'POST',
    path: '/api/content/save',
    access: 'contentAdmin',
    tag: 'content',
    body: contentSaveRequestSchema,
    data: contentPageSchema,
  }),
  'content.publish': call({
    method: 'POST',
    path: '/api/content/publish',
    access: 'contentAdmin',
    tag: 'content',
    body: contentPublishRequestSchema,
    data: contentPageSchema,
  }),
  'content.preRender': call({
    method: 'POST',
    path: '/api/content/preRender',
    access: 'contentAdmin',
    tag: 'content',
    body: contentSlugRequestSchema,
    data: preRenderResponseSchema,
  }),
  'content.toggleLock': call({
    method: 'POST',
    path: '/api/content/toggleLock',
    access: 'contentAdmin',
    tag: 'content',
    body: toggleLockRequestSchema,
    data: contentPageSchema,
  }),
  'content.indexAll': call({
    method: 'POST',
    path: '/api/content/indexAll',
    access: 'contentAdmin',
    tag: 'content',
    body: indexAllRequestSchema,
    data: indexAllResponseSchema,
  }),
  'content.facebookScrape': call({
    method: 'POST',
    path: '/api/content/facebookScrape',
    access: 'contentAdmin',
    tag: 'content',
    body: contentSlugRequestSchema,
    data: facebookScrapeResponseSchema,
  }),
  message: call({
    method: 'GET',
    path: '/api/message',
    access: 'anyone',
    tag: 'content',
    data: systemMessageSchema,
  }),
  'translations.all': call({
    method: 'GET',
    path: '/api/translations/all',
    access: 'anyone',
    tag: 'content',
    query: translationsQuerySchema,
    data: translationsResponseSchema,
  }),
  'locker.get': call({
    method: 'GET',
    path: '/api/locker/:id',
    access: 'user',
    tag: 'content',
    params: lockerParamsSchema,
    responses: {
      200: z.unknown().describe('The file, with its stored content type'),
      304: z.null().describe('Not modified: the ETag the browser holds is current'),
    },
    fileMedia: ['*/*'],
  }),
  'locker.upload': call({
    method: 'POST',
    path: '/api/locker/upload',
    access: 'user',
    tag: 'content',
    bodyMedia: 'multipart/form-data',
    data: lockerFileSchema,
  }),

  // External sign-in (ADR 018): request, access, verify; link and unlink on the profile.
  'external.providers': call({
    method: 'GET',
    path: '/api/auth/external/providers',
    access: 'anyone',
    tag: 'external sign-in',
    data: externalProvidersResponseSchema,
  }),
  'external.oidc.request': call({
    method: 'POST',
    path: '/api/auth/external/oidc/request',
    access: 'anyone',
    tag: 'external sign-in',
    body: externalRequestSchema,
    data: externalRequestResponseSchema,
  }),
  'external.oauth1.request': call({
    method: 'POST',
    path: '/api/auth/external/oauth1/request',
    access: 'anyone',
    tag: 'external sign-in',
    body: externalRequestSchema,
    data: externalRequestResponseSchema,
  }),
  'external.oidc.access': call({
    method: 'POST',
    path: '/api/auth/external/oidc/access',
    access: 'anyone',
    tag: 'external sign-in',
    body: oidcAccessRequestSchema,
    data: externalAccessResponseSchema,
  }),
  'external.oauth1.access': call({
    method: 'POST',
    path: '/api/auth/external/oauth1/access',
    access: 'anyone',
    tag: 'external sign-in',
    body: oauth1AccessRequestSchema,
    data: externalAccessResponseSchema,
  }),
  'external.verify': call({
    method: 'POST',
    path: '/api/auth/external/verify',
    access: 'anyone',
    tag: 'external sign-in',
    body: externalTicketRequestSchema,
    data: externalVerifyResponseSchema,
  }),
  'external.identities': call({
    method: 'GET',
    path: '/api/auth/external/identities',
    access: 'user',
    tag: 'external sign-in',
    data: linkedIdentitiesResponseSchema,
  }),
  'external.link': call({
    method: 'POST',
    path: '/api/auth/external/link',
    access: 'user',
    tag: 'external sign-in',
    body: integrationSchema,
    data: linkedIdentitiesResponseSchema,
  }),
  'external.unlink': call({
    method: 'POST',
    path: '/api/auth/external/unlink',
    access: 'user',
    tag: 'external sign-in',
    body: unlinkIdentityRequestSchema,
    data: linkedIdentitiesResponseSchema,
  }),
  // Webhooks (ADR 037): an organization's endpoints, their delivery log, send again, a test event.
  'webhook.list': call({
    method: 'POST',
    path: '/api/webhook/list',
    access: 'userAdmin',
    tag: 'webhooks',
    body: optionalEmptyBodySchema,
    data: webhookEndpointListSchema,
  }),
  'webhook.save': call({
    method: 'POST',
    path: '/api/webhook/save',
    access: 'userAdmin',
    tag: 'webhooks',
    description:
      'Makes an endpoint (no id; the answer carries its signing secret, shown once) or changes one.',
    body: saveWebhookRequestSchema,
    data: savedWebhookSchema,
  }),
  'webhook.delete': call({
    method: 'POST',
    path: '/api/webhook/delete',
    access: 'userAdmin',
    tag: 'webhooks',
    body: webhookIdRequestSchema,
    data: deletedWebhookSchema,
  }),
  'webhook.deliveries': call({
    method: 'POST',
    path: '/api/webhook/deliveries',
    access: 'userAdmin',
    tag: 'webhooks',
    body: webhookDeliveriesRequestSchema,
    data: webhookDeliveryListSchema,
  }),
  'webhook.resend': call({
    method: 'POST',
    path: '/api/webhook/resend',
    access: 'userAdmin',
    tag: 'webhooks',
    body: webhookDeliveryIdRequestSchema,
    data: webhookDeliverySchema,
  }),
  'webhook.ping': call({
    method: 'POST',
    path: '/api/webhook/ping',
    access: 'userAdmin',
    tag: 'webhooks',
    body: webhookIdRequestSchema,
    data: webhookDeliverySchema,
  }),
  // An organization's API keys (ADR 036): made, listed and revoked by its user administrators.
  'apiKeys.list': call({
    method: 'POST',
    path: '/api/apiKeys/list',
    access: 'userAdmin',
    tag: 'api keys',
    description: "The organization's API keys, revoked ones included, newest first; never their secrets.",
    body: optionalEmptyBodySchema,
    data: z.array(apiKeySchema),
  }),
  'apiKeys.create': call({
    method: 'POST',
    path: '/api/apiKeys/create',
    access: 'userAdmin',
    tag: 'api keys',
    description: 'Makes a key: its secret is in this answer and nowhere else (only its SHA-256 is stored).',
    body: createApiKeyRequestSchema,
    data: createdApiKeySchema,
  }),
  'apiKeys.revoke': call({
    method: 'POST',
    path: '/api/apiKeys/revoke',
    access: 'userAdmin',
    tag: 'api keys',
    description: 'Revokes a key: the next request with it is refused, on every app server.',
    body: apiKeyIdRequestSchema,
    data: apiKeySchema,
  }),

  // The public API for integrators (ADR 036): an organization's API key, one scope per call.
  'publicApi.document': call({
    method: 'GET',
    path: '/api/v1/openapi.json',
    access: 'anyone',
    tag: 'public api',
    description:
      'The OpenAPI 3.1 description of the public API (the calls under /api/v1 that take an API key).',
    responses: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1 document') },
  }),
  'publicApi.reference': call({
    method: 'GET',
    path: '/api/v1/reference',
    access: 'anyone',
    tag: 'public api',
    description: 'The interactive reference of the public API (Redoc), rendered from /api/v1/openapi.json.',
    responses: { 200: z.string().describe('The reference page (HTML)') },
    fileMedia: ['text/html'],
  }),
  'publicApi.referenceScript': call({
    method: 'GET',
    path: '/api/v1/reference/redoc.standalone.js',
    access: 'anyone',
    tag: 'public api',
    hidden: true,
    responses: { 200: z.string().describe('The Redoc renderer') },
    fileMedia: ['text/javascript'],
  }),
  'v1.customers.list': call({
    method: 'GET',
    path: '/api/v1/customers',
    access: 'apiKey',
    scope: 'read',
    summary: 'List customers',
    tag: 'public api',
    description: "The organization's active customers, sorted by name.",
    data: customersSchema,
  }),
  'v1.customers.create': call({
    method: 'POST',
    path: '/api/v1/customers',
    access: 'apiKey',
    scope: 'write',
    idempotent: true,
    summary: 'Create or change a customer',
    tag: 'public api',
    description: 'Creates a customer (no id) or changes one (id and version).',
    body: saveCustomerRequestSchema,
    data: customerSchema,
    examples: {
      request: {
        customer: {
          name: 'Nordic Yards Wismar',
          industryId: 'OFF_SHORE',
          contactFirstName: 'Jana',
          contactLastName: 'Berg',
          contactPhone: '+49 3841 770',
          contactEmail: 'jana.berg@example.com',
        },
      },
    },
  }),
  'v1.projects.list': call({
    method: 'GET',
    path: '/api/v1/projects',
    access: 'apiKey',
    scope: 'read',
    summary: 'List projects',
    tag: 'public api',
    description: "The organization's live projects, most recently changed first, a page at a time.",
    query: v1PageQuerySchema,
    data: v1ProjectPageSchema,
  }),
  'v1.projects.create': call({
    method: 'POST',
    path: '/api/v1/projects',
    access: 'apiKey',
    scope: 'write',
    idempotent: true,
    summary: 'Create or change a project',
    tag: 'public api',
    description: 'Creates a project (no id) or changes one (id and version).',
    body: saveProjectRequestSchema,
    data: projectSchema,
    examples: {
      request: {
        project: {
          name: 'NB 1042 engine room',
          customerId: '0b9c6f4e-3d0a-4f57-9a51-7f1b2b8f0c11',
          industryId: 'OFF_SHORE',
          description: 'Deck 3 bulkhead penetrations',
        },
      },
    },
  }),
  'v1.projects.get': call({
    method: 'GET',
    path: '/api/v1/projects/:projectId',
    access: 'apiKey',
    scope: 'read',
    summary: 'Get a project with its transits',
    tag: 'public api',
    description:
      'The project with its customer and its live transits, each with its items and stored results.',
    params: v1ProjectParamsSchema,
    data: projectAndTransitsSchema,
  }),
  'v1.projects.site': call({
    method: 'GET',
    path: '/api/v1/projects/:projectId/site',
    access: 'apiKey',
    scope: 'read',
    summary: "Get a project's locations and statuses",
    tag: 'public api',
    description: "The project's location tree and each transit's location and status (installed, inspected).",
    params: v1ProjectParamsSchema,
    data: projectSiteSchema,
  }),
  'v1.projects.export': call({
    method: 'POST',
    path: '/api/v1/projects/:projectId/export',
    access: 'apiKey',
    scope: 'export',
    summary: 'Make a document of a project',
    tag: 'public api',
    description:
      'A document of the project: the material list as PDF, RTF, DOCX, CSV or XLSX, or the drawings as DXF ' +
      '(several as a .zip), in the language asked for.',
    params: v1ProjectParamsSchema,
    body: v1ExportRequestSchema,
    responses: { 200: z.unknown().describe('The document') },
    fileMedia: [
      ...new Set(Object.values(EXPORT_FILE_TYPES).map((type) => type.contentType)),
      'application/zip',
    ],
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
    examples: { request: { outputFormat: 'PDF', measurementSystem: 'METRIC', language: 'de-DE' } },
  }),
  'v1.transits.get': call({
    method: 'GET',
    path: '/api/v1/transits/:transitId',
    access: 'apiKey',
    scope: 'read',
    summary: 'Get a transit with its items and results',
    tag: 'public api',
    description: 'A transit with its items and its stored results (sizes, fill, materials).',
    params: v1TransitParamsSchema,
    data: transitDataSchema,
  }),
  'v1.transits.create': call({
    method: 'POST',
    path: '/api/v1/transits',
    access: 'apiKey',
    scope: 'write',
    idempotent: true,
    summary: 'Create or change a transit with its items',
    tag: 'public api',
    description:
      'Creates a transit with its items (no transit id) or changes one; the server sizes it and answers the ' +
      'stored results.',
    body: savePenetratingItemsAndTransitRequestSchema,
    data: transitDataSchema,
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
    examples: {
      request: {
        transit: {
          projectId: '5d1f0e7a-93a4-4c39-b7a1-0e4f3d2c9b10',
          name: 'Frame 42 cable transit',
          shape: 'ROUND',
          diameterMm: 150,
          penetratingItemTypeId: 'CABLE',
          transitTypeId: 'NOFIRNO',
          classId: 'A_60_CLASS',
          sealantType: 'NOFIRNO_SEALANT',
          sealantDepth: 'DOUBLE',
          depthMm: 150,
        },
        penetratingItems: [
          {
            itemTypeId: 'CABLE',
            quantity: 4,
            outerDiameterMm: 18.5,
            tag: 'C-101',
            specification: 'RFOU(i) 3x35',
          },
          { itemTypeId: 'CABLE', quantity: 2, outerDiameterMm: 32, tag: 'C-102' },
        ],
      },
    },
  }),
  'v1.schedules.import': call({
    method: 'POST',
    path: '/api/v1/schedule-imports',
    access: 'apiKey',
    scope: 'write',
    idempotent: true,
    summary: 'Import a cable schedule',
    tag: 'public api',
    description:
      "A cable schedule's rows mapped to transits and items (ADR 020): headings, rows and the column " +
      'mapping; dryRun answers the report without writing.',
    body: importScheduleRequestSchema,
    data: importScheduleReportSchema,
    errors: ['BULK_WORK_BUSY', 'TIME_BUDGET_EXCEEDED', 'MEMORY_BUDGET_EXCEEDED'],
  }),
  'v1.statuses.counts': call({
    method: 'GET',
    path: '/api/v1/statuses',
    access: 'apiKey',
    scope: 'read',
    summary: 'Count transits by site status',
    tag: 'public api',
    description: "How many of the organization's live transits are in each site status (ADR 031).",
    data: siteStatusCountsSchema,
  }),
} as const satisfies Record<string, ApiCall>;

export type ApiCalls = typeof apiCalls;
export type ApiCallName = keyof ApiCalls;

type Field<C, K extends string> = C extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** One input of a call: absent when the call has none, optional when its schema accepts none. */
type InputPart<C, K extends string> = [Field<C, K>] extends [never]
  ? unknown
  : undefined extends z.input<Field<C, K>>
    ? { [P in K]?: z.input<Field<C, K>> }
    : { [P in K]: z.input<Field<C, K>> };

/** What the caller sends for a call: params, query and body, each where the call has one (their input side). */
export type ApiCallInput<N extends ApiCallName> = InputPart<ApiCalls[N], 'params'> &
  InputPart<ApiCalls[N], 'query'> &
  InputPart<ApiCalls[N], 'body'>;

/** The envelope's data a call answers (output side); `never` for a call that answers no envelope. */
export type ApiCallData<N extends ApiCallName> = z.output<Field<ApiCalls[N], 'data'>>;
