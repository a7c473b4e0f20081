import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, CONTENT_MODELS, RECORD_MESSAGES } from '@sealplan/contracts';
import { createUserWithToken, type TestUser } from '../../testing/factories';
import { ROLE_DEFINITIONS } from '../../shared/roles';
import { createUsersRepository } from '../users/users.repository';
import { api, createContentTestContext, q, type ContentTestContext } from './testing/content-fixtures';

let ctx: ContentTestContext;
beforeAll(async () => {
  ctx = await createContentTestContext();
}, 120_000);
afterAll(() => ctx.t.close());

const list = (model: string, query = '', who = ctx.callers.providerElevated) =>
  api(ctx.t, 'GET', `/api/instance/${model}${query ? `?${query}` : ''}`, who);

describe('seeded content', () => {
  it('every content model has its model configuration, read by model name', async () => {
    for (const model of CONTENT_MODELS) {
      const res = await list('ModelConfiguration', q({ model }));
      expect(res.status, model).toBe(200);
      expect(res.body.data.r, model).toHaveLength(1);
      expect(res.body.data.r[0].fields.length, model).toBeGreaterThan(0);
    }
  });

  it('the spec §2 sidebar is seeded as menu items in order, User Admin only for ElevatedUser', async () => {
    const admin = await list('MenuItem');
    expect(admin.body.data.r.map((m: { label: string }) => m.label)).toEqual([
      'Dashboard',
      'New Project',
      'Projects',
      'Customers',
      'User Admin',
    ]);
    // Every signed-in user reads the menu; an Administrator does not see User Admin.
    const user = await list('MenuItem', '', ctx.callers.customerAdministrator);
    expect(user.status).toBe(200);
    expect(user.body.data.r.map((m: { label: string }) => m.label)).toEqual([
      'Dashboard',
      'New Project',
      'Projects',
      'Customers',
    ]);
    const elevated = await list('MenuItem', '', ctx.callers.customerElevated);
    expect(elevated.body.data.r.map((m: { label: string }) => m.label)).toContain('User Admin');
  });

  it("content getMainMenu answers the menu entries each caller's roles may see, in the instance list's order", async () => {
    const make = async (fields: object) => {
      const res = await api(ctx.t, 'POST', '/api/instance/MenuItem', ctx.callers.providerEditor, fields);
      expect(res.status).toBe(200);
      return res.body.data as { id: string; version: number };
    };
    // An entry at sort 1 (before Dashboard, by label) and an Editor's entry.
    const added = [
      await make({ label: 'Aardvark help', link: '/help', type: 'MAIN_MENU', sort: 1, icon: 'help' }),
      await make({ label: 'Styles', link: '/styles', type: 'MAIN_MENU', sort: 35, requiredRole: 'Editor' }),
    ];
    try {
      const menuOf = (who: TestUser | null) => api(ctx.t, 'POST', '/api/content/getMainMenu', who, {});
      const labels = async (who: TestUser) =>
        (await menuOf(who)).body.data.map((m: { label: string }) => m.label);
      expect(await labels(ctx.callers.customerAdministrator)).toEqual([
        'Aardvark help',
        'Dashboard',
        'New Project',
        'Projects',
        'Customers',
      ]);
      expect(await labels(ctx.callers.providerEditor)).toEqual([
        'Aardvark help',
        'Dashboard',
        'New Project',
        'Projects',
        'Styles',
        'Customers',
      ]);
      // Each entry as the instance list presents it, with the fields the shell reads.
      const listed = await list(
        'MenuItem',
        `${q({ type: 'MAIN_MENU' })}&sort=${encodeURIComponent(JSON.stringify({ sort: 1, label: 1 }))}`,
      );
      const visible = listed.body.data.r.filter(
        (m: { requiredRole: string | null }) => m.requiredRole === null || m.requiredRole === 'ElevatedUser',
      );
      const menu = await menuOf(ctx.callers.customerElevated);
      expect(menu.status).toBe(200);
      expect(menu.body.data).toEqual(
        visible.map((m: Record<string, unknown>) => ({
          label: m.label,
          link: m.link,
          clickAction: m.clickAction,
          icon: m.icon,
          imageUrl: m.imageUrl,
          sort: m.sort,
          requiredRole: m.requiredRole,
          children: m.children,
        })),
      );
      expect(menu.body.data.map((m: { label: string }) => m.label)).toContain('User Admin');
      expect((await menuOf(null)).status).toBe(401);
    } finally {
      for (const item of added)
        await api(
          ctx.t,
          'DELETE',
          `/api/instance/MenuItem/${item.id}?version=${item.version}`,
          ctx.callers.providerEditor,
        );
    }
  });

  it('templates hold the e-mail texts with their placeholders; roles are the spec §6 roles, protected', async () => {
    const templates = await list('Template', `${q({ Symbol: 'mail.approved.body' })}`);
    expect(templates.body.data.r[0].View).toContain('{{productName}}');
    expect(templates.body.data.r[0].placeholders).toContain('email');
    const roles = await list('Role', 'size=20');
    const ids = roles.body.data.r.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['DefaultUser', 'Administrator', 'ElevatedUser', 'Editor']));
    const editor = roles.body.data.r.find((r: { id: string }) => r.id === 'Editor');
    expect(editor.permissions.map((p: { id: string }) => p.id)).toContain('content.manage');
    expect(editor.isProtected).toBe(true);
  });

  it('pages by 10 (spec §9) and reports the total', async () => {
    const page = await list('Product', 'fromIndex=10');
    expect(page.status).toBe(200);
    expect(page.body.data.r).toHaveLength(10);
    expect(page.body.data.pager).toMatchObject({ fromIndex: 10, size: 10, pageIndex: 1 });
    expect(page.body.data.pager.totalRecords).toBeGreaterThan(20);
  });
});

describe('permissions per role', () => {
  it('content reads and writes need a provider account with content.manage', async () => {
    const {
      providerElevated,
      providerEditor,
      providerAdministrator,
      customerElevated,
      customerAdministrator,
    } = ctx.callers;
    for (const who of [providerElevated, providerEditor])
      expect((await list('Product', '', who)).status).toBe(200);
    // A customer organization's ElevatedUser carries content.manage by role but administers only their own
    // organization: refused like any other role.
    for (const who of [providerAdministrator, customerElevated, customerAdministrator]) {
      expect((await list('Product', '', who)).status).toBe(403);
      expect((await list('SupportRequest', '', who)).status).toBe(403);
      const create = await api(ctx.t, 'POST', '/api/instance/MenuItem', who, {
        label: 'X',
        type: 'MAIN_MENU',
      });
      expect(create.status).toBe(403);
    }
    expect((await api(ctx.t, 'GET', '/api/instance/Product', null)).status).toBe(401);
  });

  it('roles are changed only by provider-wide administrators', async () => {
    const role = {
      id: 'Auditor',
      label: 'Auditor',
      permissions: [{ id: 'admin.access', label: 'Admin access' }],
    };
    const byEditor = await api(ctx.t, 'POST', '/api/instance/Role', ctx.callers.providerEditor, role);
    expect(byEditor.status).toBe(403);
    const byElevated = await api(ctx.t, 'POST', '/api/instance/Role', ctx.callers.providerElevated, role);
    expect(byElevated.status).toBe(200);
    expect(byElevated.body.data).toMatchObject({ id: 'Auditor', name: 'Auditor', isProtected: false });
  });
});

describe("roles' permissions are what the server checks", () => {
  it('removing content.manage from a role refuses its users at once, and the seed keeps the edit', async () => {
    const author = await createUserWithToken(ctx.t.deps.db.db, {
      organizationId: ctx.providerId,
      roles: ['Administrator', 'Author'],
    });
    expect((await list('Template', '', author)).status).toBe(200);
    const role = (await api(ctx.t, 'GET', '/api/instance/Role/Author', ctx.callers.providerElevated)).body
      .data;
    const saved = await api(ctx.t, 'PUT', '/api/instance/Role/Author', ctx.callers.providerElevated, {
      ...role,
      permissions: role.permissions.filter((p: { id: string }) => p.id !== 'content.manage'),
    });
    expect(saved.status).toBe(200);
    expect((await list('Template', '', author)).status).toBe(403);
    // The start command's seed upserts the spec §6 roles, but leaves a role an administrator edited alone.
    await createUsersRepository(ctx.t.deps.db.db).upsertRoles(ROLE_DEFINITIONS);
    expect((await list('Template', '', author)).status).toBe(403);
  });
});

describe('validation (spec §5 messages from the model configuration)', () => {
  const create = (model: string, body: object) =>
    api(ctx.t, 'POST', `/api/instance/${model}`, ctx.callers.providerElevated, body);

  it('menu item label and type required, child link required', async () => {
    const res = await create('MenuItem', { label: ' ', children: [{ label: 'Child' }] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.body.error!.fields).toEqual({
      label: CONTENT_MESSAGES.labelRequired,
      type: CONTENT_MESSAGES.typeRequired,
      'children.0.link': CONTENT_MESSAGES.childLinkRequired,
    });
  });

  it('menu item click action: one of the shell’s actions, anything else refused at save', async () => {
    const bad = await create('MenuItem', {
      label: 'Help',
      type: 'MAIN_MENU',
      clickAction: 'alert(1)',
      children: [{ label: 'Child', link: '/help', clickAction: 'reboot' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields).toMatchObject({
      clickAction: CONTENT_MESSAGES.unknownClickAction,
      'children.0.clickAction': CONTENT_MESSAGES.unknownClickAction,
    });
    const good = await create('MenuItem', {
      label: `Support ${Date.now()}`,
      type: 'MAIN_MENU',
      clickAction: 'contactSupport',
      children: [{ label: 'Print', link: '/dashboard', clickAction: 'print' }],
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data).toMatchObject({
      clickAction: 'contactSupport',
      children: [expect.objectContaining({ clickAction: 'print' })],
    });
    // An empty click action means "follow the link".
    const none = await create('MenuItem', {
      label: `Plain ${Date.now()}`,
      type: 'MAIN_MENU',
      clickAction: '',
    });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ clickAction: null });
  });

  it('specification id, label, type; role id and label; template Symbol', async () => {
    expect((await create('Specification', {})).body.error!.fields).toEqual({
      id: CONTENT_MESSAGES.idRequired,
      label: CONTENT_MESSAGES.labelRequired,
      type: CONTENT_MESSAGES.typeRequired,
    });
    expect((await create('Role', {})).body.error!.fields).toEqual({
      id: CONTENT_MESSAGES.idRequired,
      label: CONTENT_MESSAGES.labelRequired,
    });
    expect((await create('Template', { View: 'x' })).body.error!.fields).toMatchObject({
      Symbol: CONTENT_MESSAGES.symbolRequired,
    });
  });

  it('product price within 0–8000, article numbers unique', async () => {
    const base = { articleNumber: 'VAL-001', name: 'Test article', unit: 'pcs', price: 12.5 };
    expect((await create('Product', { ...base, price: 8000.01 })).body.error!.fields).toEqual({
      price: CONTENT_MESSAGES.priceRange,
    });
    expect((await create('Product', { ...base, price: -1 })).body.error!.fields).toEqual({
      price: CONTENT_MESSAGES.priceRange,
    });
    expect((await create('Product', base)).status).toBe(200);
    const duplicate = await create('Product', { ...base, name: 'Again' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error!.fields).toHaveProperty('articleNumber');
  });

  it('validate answers the same issues without saving', async () => {
    const res = await api(ctx.t, 'POST', '/api/instance/validate/MenuItem', ctx.callers.providerEditor, {
      label: '',
      type: 'MAIN_MENU',
      children: [{ label: 'a', link: '' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      valid: false,
      issues: [
        { path: 'label', message: CONTENT_MESSAGES.labelRequired },
        { path: 'children.0.link', message: CONTENT_MESSAGES.childLinkRequired },
      ],
    });
    const good = await api(ctx.t, 'POST', '/api/instance/validate/MenuItem', ctx.callers.providerEditor, {
      label: 'Help',
      type: 'MAIN_MENU',
    });
    expect(good.body.data).toEqual({ valid: true, issues: [] });
    const refused = await api(
      ctx.t,
      'POST',
      '/api/instance/validate/MenuItem',
      ctx.callers.customerElevated,
      {},
    );
    expect(refused.status).toBe(403);
    expect((await list('MenuItem', q({ label: 'Help' }))).body.data.r).toHaveLength(0);
  });

  it('an administrator edits a configuration and the server validates by it', async () => {
    const config = (await list('ModelConfiguration', q({ model: 'Specification' }))).body.data.r[0];
    const fields = config.fields.map((f: { name: string; validations?: unknown[] }) =>
      f.name === 'imageSlug'
        ? { ...f, validations: [{ name: 'required', message: 'Please Upload an Image' }] }
        : f,
    );
    const saved = await api(
      ctx.t,
      'PUT',
      `/api/instance/ModelConfiguration/${config.id}`,
      ctx.callers.providerEditor,
      {
        ...config,
        fields,
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(config.version + 1);
    const res = await create('Specification', { id: 'NEW_SPEC', label: 'New', type: 'CLASS' });
    expect(res.body.error!.fields).toEqual({ imageSlug: 'Please Upload an Image' });
    // A configuration describes a content model only.
    const wrong = await api(
      ctx.t,
      'PUT',
      `/api/instance/ModelConfiguration/${config.id}`,
      ctx.callers.providerEditor,
      {
        ...config,
        model: 'Customer',
        version: config.version + 1,
      },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error!.fields).toHaveProperty('model');
  });
});

describe('versions', () => {
  it('an update names the version it edited; a stale one is refused; delete needs the version', async () => {
    const created = await api(ctx.t, 'POST', '/api/instance/MenuItem', ctx.callers.providerEditor, {
      label: 'Help',
      link: '/help',
      type: 'MAIN_MENU',
      children: [{ label: 'Contact', link: '/help/contact' }],
    });
    expect(created.status).toBe(200);
    const item = created.body.data;
    expect(item).toMatchObject({ version: 1, sort: 99, requiredRole: null });
    const url = `/api/instance/MenuItem/${item.id}`;
    const noVersion = await api(ctx.t, 'PUT', url, ctx.callers.providerEditor, {
      ...item,
      version: undefined,
    });
    expect(noVersion.body.error!.fields).toEqual({ version: RECORD_MESSAGES.versionRequired });
    const first = await api(ctx.t, 'PUT', url, ctx.callers.providerEditor, { ...item, label: 'Help centre' });
    expect(first.body.data).toMatchObject({ label: 'Help centre', version: 2 });
    const stale = await api(ctx.t, 'PUT', url, ctx.callers.providerEditor, { ...item, label: 'Mine' });
    expect(stale.status).toBe(409);
    expect(stale.body.error!.code).toBe('VERSION_CONFLICT');
    expect((await api(ctx.t, 'DELETE', `${url}?version=1`, ctx.callers.providerEditor)).status).toBe(409);
    expect((await api(ctx.t, 'DELETE', `${url}?version=2`, ctx.callers.providerEditor)).status).toBe(200);
    expect((await api(ctx.t, 'GET', url, ctx.callers.providerEditor)).status).toBe(404);
  });

  it('spec §6 roles cannot be deleted; a role id cannot change', async () => {
    const editor = (await api(ctx.t, 'GET', '/api/instance/Role/Editor', ctx.callers.providerElevated)).body
      .data;
    const del = await api(
      ctx.t,
      'DELETE',
      `/api/instance/Role/Editor?version=${editor.version}`,
      ctx.callers.providerElevated,
    );
    expect(del.status).toBe(409);
    expect(del.body.error!.message).toBe(CONTENT_MESSAGES.protectedRole);
    const renamed = await api(ctx.t, 'PUT', '/api/instance/Role/Editor', ctx.callers.providerElevated, {
      ...editor,
      id: 'Redactor',
    });
    expect(renamed.body.error!.fields).toEqual({ id: CONTENT_MESSAGES.roleIdFixed });
  });
});

describe('templates', () => {
  it('an unknown placeholder is refused at save, naming the allowed ones', async () => {
    const row = (await list('Template', q({ Symbol: 'mail.denied.body' }))).body.data.r[0];
    const res = await api(ctx.t, 'PUT', `/api/instance/Template/${row.id}`, ctx.callers.providerEditor, {
      ...row,
      View: 'Dear {{name}}, your {{password}} is wrong.',
    });
    expect(res.status).toBe(400);
    expect(res.body.error!.fields!.View).toContain('{{password}}');
    expect(res.body.error!.fields!.View).toContain('{{productName}}');
    const unknown = await api(ctx.t, 'POST', '/api/instance/Template', ctx.callers.providerEditor, {
      Symbol: 'mail.unknown',
      View: 'x',
    });
    expect(unknown.body.error!.fields).toHaveProperty('Symbol');
  });
});

describe('search through the full-text index', () => {
  it('finds records by words of their fields, by prefix, and indexAll rebuilds the index', async () => {
    const found = await list('Product', 'search=sleeve%2075');
    expect(found.status).toBe(200);
    expect(found.body.data.r.length).toBeGreaterThan(0);
    for (const p of found.body.data.r) expect(p.name.toLowerCase()).toContain('sleeve');
    expect(
      (await list('Template', 'search=approv')).body.data.r.map((t: { Symbol: string }) => t.Symbol),
    ).toContain('mail.approved.body');
    // Punctuation alone matches nothing rather than failing.
    expect((await list('Product', 'search=%26%7C!')).body.data.r).toEqual([]);
    await ctx.t.deps.db.db.execute(`delete from content_search where model = 'Specification'`);
    expect((await list('Specification', 'search=watertight')).body.data.r).toHaveLength(0);
    const rebuilt = await api(ctx.t, 'POST', '/api/content/indexAll', ctx.callers.providerEditor, {
      settingsType: 'Specification',
    });
    expect(rebuilt.body.data.indexed.Specification).toBeGreaterThan(0);
    expect((await list('Specification', 'search=watertight')).body.data.r[0].id).toBe('WATERTIGHT');
  });
});
