import type { z } from 'zod';
import type { ApiCalls, ApiCallName } from './api-calls';

/**
 * What a client needs to send each call of the table (ADR 024): its method, its path, how its body travels and
 * whether it has one. The web app's client calls through this list, not through the table itself, because the
 * table names every request and answer schema and so would bring zod schemas of every feature (and their
 * libraries) into the first download of every page (ADR 033). The schemas stay in api-calls.ts, loaded where a
 * page checks an answer against them.
 *
 * Each line repeats its call's method, path, body medium and "has a body" exactly; the compiler refuses a line
 * that differs from the table, a call without a line and a line without a call (`RouteOf` below), and
 * api-routes.test.ts prints the line a new call needs.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form: `:name` for a path parameter. */
  path: string;
  bodyMedia?: 'application/x-www-form-urlencoded' | 'multipart/form-data';
  /** The call takes a body (its schema is in the table). */
  body?: true;
}

/** The route line of one call of the table, derived from its entry: nothing more, nothing less. */
type RouteOf<C> = (C extends { method: infer M; path: infer P } ? { method: M; path: P } : never) &
  (C extends { bodyMedia: infer B } ? { bodyMedia: B } : unknown) &
  (C extends { body: z.ZodType } ? { body: true } : unknown);

export const apiRoutes = {
  health: { method: 'GET', path: '/api/health' },
  apiDescription: { method: 'GET', path: '/api/docs' },
  'auth.token': {
    method: 'POST',
    path: '/api/auth/token',
    bodyMedia: 'application/x-www-form-urlencoded',
    body: true,
  },
  'auth.signout': { method: 'GET', path: '/api/auth/signout' },
  'auth.validatetoken': { method: 'GET', path: '/api/auth/validatetoken' },
  'auth.updatePassword': { method: 'POST', path: '/api/auth/update-password', body: true },
  'auth.currentUser': { method: 'GET', path: '/api/auth/current-user' },
  'account.resetPasswordWithoutEmail': { method: 'GET', path: '/api/v1/account/resetpassword' },
  'account.resetPasswordWithoutEmailSlash': { method: 'GET', path: '/api/v1/account/resetpassword/' },
  'account.resetPassword': { method: 'GET', path: '/api/v1/account/resetpassword/:email' },
  'account.updatePassword': { method: 'POST', path: '/api/v1/account/updatepassword', body: true },
  'user.register': { method: 'POST', path: '/api/user/register', body: true },
  'user.sendPasswordResetEmail': { method: 'POST', path: '/api/user/sendPasswordResetEmail', body: true },
  'user.resetPassword': { method: 'POST', path: '/api/user/resetPassword', body: true },
  'user.updateUserStatus': { method: 'POST', path: '/api/user/updateUserStatus', body: true },
  'user.create': { method: 'POST', path: '/api/user/create', body: true },
  'user.suspend': { method: 'POST', path: '/api/user/suspend', body: true },
  'user.restore': { method: 'POST', path: '/api/user/restore', body: true },
  'user.delete': { method: 'POST', path: '/api/user/delete', body: true },
  'user.adminResetPassword': { method: 'POST', path: '/api/user/adminResetPassword', body: true },
  'user.setRoles': { method: 'POST', path: '/api/user/setRoles', body: true },
  'user.assignableRoles': { method: 'POST', path: '/api/user/assignableRoles', body: true },
  'user.list': { method: 'POST', path: '/api/user/list', body: true },
  'user.organizations': { method: 'POST', path: '/api/user/organizations', body: true },
  'user.editUser': { method: 'POST', path: '/api/user/editUser', body: true },
  'user.saveUser': { method: 'POST', path: '/api/user/saveUser', body: true },
  'user.save': { method: 'POST', path: '/api/user/save', body: true },
  'user.setDevice': { method: 'POST', path: '/api/user/setDevice', body: true },
  'user.getUser': { method: 'GET', path: '/api/user/getUser' },
  'user.getUserById': { method: 'GET', path: '/api/user/getUser/:id' },
  'user.signOutDevice': { method: 'POST', path: '/api/user/signOutDevice', body: true },
  settings: { method: 'GET', path: '/api/settings' },
  adminSettings: { method: 'GET', path: '/api/adminSettings' },
  'catalogue.get': { method: 'GET', path: '/api/catalogue' },
  'catalogue.save': { method: 'PUT', path: '/api/catalogue', body: true },
  'catalogue.verify': { method: 'POST', path: '/api/catalogue/verify', body: true },
  'customer.saveOne': { method: 'POST', path: '/api/customer/saveOne', body: true },
  'customer.getActive': { method: 'POST', path: '/api/customer/getActive', body: true },
  'industry.getActive': { method: 'POST', path: '/api/industry/getActive', body: true },
  'industry.saveNames': { method: 'POST', path: '/api/industry/saveNames', body: true },
  'project.saveOne': { method: 'POST', path: '/api/project/saveOne', body: true },
  'project.getFormData': { method: 'POST', path: '/api/project/getFormData', body: true },
  'project.getPenetratingItemTypes': {
    method: 'POST',
    path: '/api/project/getPenetratingItemTypes',
    body: true,
  },
  'project.getProjectAndTransits': { method: 'POST', path: '/api/project/getProjectAndTransits', body: true },
  'project.getDashboardData': { method: 'POST', path: '/api/project/getDashboardData', body: true },
  'project.getRecentProjects': { method: 'POST', path: '/api/project/getRecentProjects', body: true },
  'project.getTransitData': { method: 'POST', path: '/api/project/getTransitData', body: true },
  'project.saveTransit': { method: 'POST', path: '/api/project/saveTransit', body: true },
  'project.savePenetratingItems': { method: 'POST', path: '/api/project/savePenetratingItems', body: true },
  'project.savePenetratingItemsAndTransit': {
    method: 'POST',
    path: '/api/project/savePenetratingItemsAndTransit',
    body: true,
  },
  'project.duplicateTransit': { method: 'POST', path: '/api/project/duplicateTransit', body: true },
  'history.transit': { method: 'POST', path: '/api/history/transit', body: true },
  'history.project': { method: 'POST', path: '/api/history/project', body: true },
  'history.restore': { method: 'POST', path: '/api/history/restore', body: true },
  'photos.list': { method: 'POST', path: '/api/photos/list', body: true },
  'photos.file': { method: 'GET', path: '/api/photos/:id' },
  'photos.thumbnail': { method: 'GET', path: '/api/photos/:id/thumbnail' },
  'photos.remove': { method: 'POST', path: '/api/photos/remove', body: true },
  'project.sendProjectExport': { method: 'POST', path: '/api/project/sendProjectExport', body: true },
  'site.getProjectSite': { method: 'POST', path: '/api/site/getProjectSite', body: true },
  'site.saveLocation': { method: 'POST', path: '/api/site/saveLocation', body: true },
  'site.deleteLocation': { method: 'POST', path: '/api/site/deleteLocation', body: true },
  'site.setTransitLocation': { method: 'POST', path: '/api/site/setTransitLocation', body: true },
  'site.getTransitSite': { method: 'POST', path: '/api/site/getTransitSite', body: true },
  'site.changeStatus': { method: 'POST', path: '/api/site/changeStatus', body: true },
  'site.getStatusCounts': { method: 'POST', path: '/api/site/getStatusCounts', body: true },
  'site.labelSheet': { method: 'GET', path: '/api/site/labels/:projectId' },
  'handover.asBuilt': { method: 'GET', path: '/api/handover/asBuilt/:projectId' },
  'handover.exportArchive': { method: 'GET', path: '/api/handover/archive/:projectId' },
  'handover.importArchive': {
    method: 'POST',
    path: '/api/handover/importArchive',
    bodyMedia: 'multipart/form-data',
  },
  'instance.list': { method: 'GET', path: '/api/instance/:model' },
  'instance.get': { method: 'GET', path: '/api/instance/:model/:id' },
  'instance.create': { method: 'POST', path: '/api/instance/:model', body: true },
  'instance.update': { method: 'PUT', path: '/api/instance/:model/:id', body: true },
  'instance.delete': { method: 'DELETE', path: '/api/instance/:model/:id' },
  'instance.validate': { method: 'POST', path: '/api/instance/validate/:model', body: true },
  'instance.sequence': { method: 'POST', path: '/api/instance/sequence/:name' },
  'schedules.readScheduleFile': { method: 'POST', path: '/api/schedules/readScheduleFile', body: true },
  'schedules.getScheduleMapping': { method: 'POST', path: '/api/schedules/getScheduleMapping', body: true },
  'schedules.importSchedule': { method: 'POST', path: '/api/schedules/importSchedule', body: true },
  'content.communitySubmit': { method: 'POST', path: '/api/content/communitySubmit', body: true },
  'content.getMainMenu': { method: 'POST', path: '/api/content/getMainMenu', body: true },
  'content.save': { method: 'POST', path: '/api/content/save', body: true },
  'content.publish': { method: 'POST', path: '/api/content/publish', body: true },
  'content.preRender': { method: 'POST', path: '/api/content/preRender', body: true },
  'content.toggleLock': { method: 'POST', path: '/api/content/toggleLock', body: true },
  'content.indexAll': { method: 'POST', path: '/api/content/indexAll', body: true },
  'content.facebookScrape': { method: 'POST', path: '/api/content/facebookScrape', body: true },
  message: { method: 'GET', path: '/api/message' },
  'translations.all': { method: 'GET', path: '/api/translations/all' },
  'locker.get': { method: 'GET', path: '/api/locker/:id' },
  'locker.upload': { method: 'POST', path: '/api/locker/upload', bodyMedia: 'multipart/form-data' },
  'external.providers': { method: 'GET', path: '/api/auth/external/providers' },
  'external.oidc.request': { method: 'POST', path: '/api/auth/external/oidc/request', body: true },
  'external.oauth1.request': { method: 'POST', path: '/api/auth/external/oauth1/request', body: true },
  'external.oidc.access': { method: 'POST', path: '/api/auth/external/oidc/access', body: true },
  'external.oauth1.access': { method: 'POST', path: '/api/auth/external/oauth1/access', body: true },
  'external.verify': { method: 'POST', path: '/api/auth/external/verify', body: true },
  'external.identities': { method: 'GET', path: '/api/auth/external/identities' },
  'external.link': { method: 'POST', path: '/api/auth/external/link', body: true },
  'external.unlink': { method: 'POST', path: '/api/auth/external/unlink', body: true },
  'webhook.list': { method: 'POST', path: '/api/webhook/list', body: true },
  'webhook.save': { method: 'POST', path: '/api/webhook/save', body: true },
  'webhook.delete': { method: 'POST', path: '/api/webhook/delete', body: true },
  'webhook.deliveries': { method: 'POST', path: '/api/webhook/deliveries', body: true },
  'webhook.resend': { method: 'POST', path: '/api/webhook/resend', body: true },
  'webhook.ping': { method: 'POST', path: '/api/webhook/ping', body: true },
  'apiKeys.list': { method: 'POST', path: '/api/apiKeys/list', body: true },
  'apiKeys.create': { method: 'POST', path: '/api/apiKeys/create', body: true },
  'apiKeys.revoke': { method: 'POST', path: '/api/apiKeys/revoke', body: true },
  'publicApi.document': { method: 'GET', path: '/api/v1/openapi.json' },
  'publicApi.reference': { method: 'GET', path: '/api/v1/reference' },
  'publicApi.referenceScript': { method: 'GET', path: '/api/v1/reference/redoc.standalone.js' },
  'v1.customers.list': { method: 'GET', path: '/api/v1/customers' },
  'v1.customers.create': { method: 'POST', path: '/api/v1/customers', body: true },
  'v1.projects.list': { method: 'GET', path: '/api/v1/projects' },
  'v1.projects.create': { method: 'POST', path: '/api/v1/projects', body: true },
  'v1.projects.get': { method: 'GET', path: '/api/v1/projects/:projectId' },
  'v1.projects.site': { method: 'GET', path: '/api/v1/projects/:projectId/site' },
  'v1.projects.export': { method: 'POST', path: '/api/v1/projects/:projectId/export', body: true },
  'v1.transits.get': { method: 'GET', path: '/api/v1/transits/:transitId' },
  'v1.transits.create': { method: 'POST', path: '/api/v1/transits', body: true },
  'v1.schedules.import': { method: 'POST', path: '/api/v1/schedule-imports', body: true },
  'v1.statuses.counts': { method: 'GET', path: '/api/v1/statuses' },
} as const satisfies { [N in ApiCallName]: RouteOf<ApiCalls[N]> };

/** The path with its parameters filled in (each encoded as one path segment). */
export function pathOf(call: Pick<ApiRoute, 'path'>, params: Record<string, unknown> = {}): string {
  return call.path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`${call.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
