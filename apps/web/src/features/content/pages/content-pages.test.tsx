import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { setStoredToken } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { mockApi, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ContentModelPage, ContentPage } from './content-pages';

const admin = {
  user: {
    id: 'admin',
    email: 'admin@x.co',
    firstName: 'Ad',
    lastName: 'Min',
    roles: ['ElevatedUser'],
    permissions: ['admin.access', 'content.manage'],
    organization: { id: 'p', name: 'Provider', isProvider: true },
  },
};
const editor = { user: { ...admin.user, permissions: ['admin.access'] } };

const productConfiguration = {
  guid: 'cfg-product',
  version: 1,
  model: 'Product',
  label: 'Product',
  listColumns: ['articleNumber', 'name', 'price', 'inventory'],
  fields: [
    {
      name: 'articleNumber',
      type: 'input',
      label: 'Article number',
      validations: [{ name: 'required', message: 'Article number is required' }],
    },
    {
      name: 'name',
      type: 'input',
      label: 'Name',
      validations: [{ name: 'required', message: 'Name is required' }],
    },
    { name: 'unit', type: 'select', label: 'Unit', options: [{ value: 'pcs', label: 'Pieces' }] },
    {
      name: 'price',
      type: 'input',
      inputType: 'number',
      label: 'Price',
      validations: [
        { name: 'min', validator: 0, message: 'Price is at least 0' },
        { name: 'max', validator: 8000, message: 'Price is at most 8000' },
      ],
    },
    { name: 'inventory', type: 'input', inputType: 'number', label: 'Inventory' },
  ],
};

const product = (n: number) => ({
  guid: `g-${n}`,
  version: n,
  articleNumber: `A-${n}`,
  name: n === 1 ? '=HYPERLINK("x")' : `Sleeve ${n}`,
  unit: 'pcs',
  price: 1234.5 + n,
  inventory: n,
});

function serve(extra: Record<string, (call: MockCall) => object> = {}, me: object = admin) {
  const rows = Array.from({ length: 23 }, (_, i) => product(i + 1));
  return mockApi({
    'GET /api/auth/current-user': () => ({ data: me }),
    'GET /api/instance/ModelConfiguration': (call) => {
      const q = new URL(`http://x${call.path}`).searchParams.get('q');
      return { data: { r: q?.includes('Product') ? [productConfiguration] : [], pager: {} } };
    },
    'GET /api/instance/Product': (call) => {
      const params = new URL(`http://x${call.path}`).searchParams;
      const from = Number(params.get('fromIndex'));
      const size = Number(params.get('size'));
      return {
        data: {
          r: rows.slice(from, from + size),
          pager: { fromIndex: from, size, totalRecords: rows.length, pageIndex: from / size },
        },
      };
    },
    ...extra,
  });
}

function renderModel(model = 'Product') {
  setStoredToken('tok');
  return renderWithProviders(
    <Routes>
      <Route path="/content/:model" element={<ContentModelPage />} />
    </Routes>,
    {
      path: `/content/${model}`,
      wrap: (c) => <SessionProvider>{c}</SessionProvider>,
    },
  );
}

const listCalls = (calls: MockCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/instance/Product'));
const paramsOf = (call: MockCall) => new URL(`http://x${call.path}`).searchParams;

describe('content admin grid (ADR 016)', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('renders the configured columns, page 0 of 10 with the number formatter, and pages on', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderModel();
    const table = await screen.findByRole('table', { name: 'Product' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Article number', 'Name', 'Price', 'Inventory', 'Actions']);
    expect(await within(table).findByText('1,236.5')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(paramsOf(listCalls(api.calls)[0]!).get('fromIndex')).toBe('0');
    expect(paramsOf(listCalls(api.calls)[0]!).get('size')).toBe('10');
    expect(screen.getByText('23 records')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await within(table).findByText('A-11')).toBeTruthy();
    expect(paramsOf(listCalls(api.calls).at(-1)!).get('fromIndex')).toBe('10');
  });

  it('sorts by a column, filters with the JSON q and searches 500 ms after typing stops', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderModel();
    await screen.findByText('A-1');
    await user.click(screen.getByRole('button', { name: 'Sort by Price' }));
    await waitFor(() => expect(paramsOf(listCalls(api.calls).at(-1)!).get('sort')).toBe('{"price":1}'));
    await user.click(screen.getByRole('button', { name: 'Sort by Price' }));
    await waitFor(() => expect(paramsOf(listCalls(api.calls).at(-1)!).get('sort')).toBe('{"price":-1}'));

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'Price', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: '≥', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '1240');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() =>
      expect(paramsOf(listCalls(api.calls).at(-1)!).get('q')).toBe('{"price":{"gte":1240}}'),
    );
    expect(screen.getByText('Price ≥ 1240')).toBeTruthy();

    const before = listCalls(api.calls).length;
    const search = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'sle' } });
    fireEvent.change(search, { target: { value: 'sleeve' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(
      listCalls(api.calls)
        .slice(before)
        .some((c) => paramsOf(c).get('search')),
    ).toBe(false);
    await waitFor(() => expect(paramsOf(listCalls(api.calls).at(-1)!).get('search')).toBe('sleeve'));
    expect(listCalls(api.calls).filter((c) => paramsOf(c).get('search') === 'sle')).toHaveLength(0);
  });

  it('creates a record only when valid, and shows the server’s field messages', async () => {
    let posted: Record<string, unknown> | null = null;
    let attempts = 0;
    serve({
      'POST /api/instance/Product': (call) => {
        attempts += 1;
        posted = JSON.parse(call.body!) as Record<string, unknown>;
        if (attempts === 1)
          return {
            status: 400,
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid user entry',
              fields: { articleNumber: 'Article number is taken' },
            },
          };
        return { data: { ...posted, guid: 'new', version: 1 } };
      },
    });
    const user = userEvent.setup();
    renderModel();
    await screen.findByText('A-1');
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Price' }), { target: { value: '9000' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Article number is required')).toBeTruthy();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Price is at most 8000')).toBeTruthy();
    expect(attempts).toBe(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Article number' }), 'NX-100');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cable sleeve');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Price' }), { target: { value: '12.5' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Article number is taken')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Invalid user entry');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New product' })).toBeNull());
    expect(posted).toMatchObject({ articleNumber: 'NX-100', name: 'Cable sleeve', price: 12.5 });
    expect(await screen.findByText('Product saved.')).toBeTruthy();
  });

  it('edits with the version read, and deletes after confirmation (single and bulk)', async () => {
    const puts: MockCall[] = [];
    const deletes: MockCall[] = [];
    serve({
      'PUT /api/instance/Product/g-2': (call) => {
        puts.push(call);
        return { data: JSON.parse(call.body!) };
      },
      'DELETE /api/instance/Product/g-3': (call) => {
        deletes.push(call);
        return { data: null };
      },
      'DELETE /api/instance/Product/g-4': (call) => {
        deletes.push(call);
        return { data: null };
      },
      'DELETE /api/instance/Product/g-5': (call) => {
        deletes.push(call);
        return {
          status: 409,
          error: { code: 'VERSION_CONFLICT', message: 'This record was changed by someone else.' },
        };
      },
    });
    const user = userEvent.setup();
    renderModel();
    await screen.findByText('A-2');
    await user.click(screen.getByRole('button', { name: 'Edit A-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(JSON.parse(puts[0]!.body!)).toMatchObject({ guid: 'g-2', version: 2, name: 'Renamed' });

    await user.click(screen.getByRole('button', { name: 'Delete A-3' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirmDialog.textContent).toContain('Delete “A-3”?');
    await user.click(within(confirmDialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]!.path).toBe('/api/instance/Product/g-3?version=3');

    await user.click(screen.getByRole('checkbox', { name: 'Select A-4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select A-5' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const bulk = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(bulk.textContent).toContain('Delete 2 records?');
    await user.click(within(bulk).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toHaveLength(3));
    // One failed: it is named with the server's message and stays selected.
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A-5: This record was changed by someone else.',
    );
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeTruthy();
  });

  it('asks nothing and deletes nothing when the confirmation is cancelled', async () => {
    const deletes: MockCall[] = [];
    serve({ 'DELETE /api/instance/Product/g-1': (c) => (deletes.push(c), { data: null }) });
    const user = userEvent.setup();
    renderModel();
    await screen.findByText('A-1');
    await user.click(screen.getByRole('button', { name: 'Delete A-1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toHaveLength(0);
  });

  it('exports every matching record as CSV: configured columns, plain numbers, formulas neutralised', async () => {
    const api = serve();
    let csv = '';
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          void blob.text().then((t) => (csv = t));
          return 'blob:csv';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderModel();
    await screen.findByText('A-1');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csv).not.toBe(''));
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Article number,Name,Price,Inventory');
    expect(lines).toHaveLength(24);
    expect(lines[1]).toBe(`A-1,"'=HYPERLINK(""x"")",1235.5,1`);
    expect(click).toHaveBeenCalled();
    const exportCall = listCalls(api.calls).find((c) => paramsOf(c).get('size') === '100');
    expect(exportCall).toBeTruthy();
    click.mockRestore();
  });

  it('explains a model without configuration', async () => {
    serve({ 'GET /api/instance/Template': () => ({ data: { r: [], pager: {} } }) });
    renderModel('Template');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'There is no model configuration for Template',
    );
  });

  it('sends a user without content.manage away', async () => {
    const api = serve({}, editor);
    renderModel();
    await waitFor(() =>
      expect(api.calls.some((c) => c.path.startsWith('/api/auth/current-user'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/api/instance/'))).toBe(false);
  });

  it('lists the content models on /content', async () => {
    serve();
    setStoredToken('tok');
    renderWithProviders(<ContentPage />, {
      path: '/content',
      wrap: (c) => <SessionProvider>{c}</SessionProvider>,
    });
    const link = await screen.findByRole('link', { name: 'Menu items' });
    expect(link.getAttribute('href')).toBe('/content/MenuItem');
    expect(screen.getAllByRole('link')).toHaveLength(9);
  });
});
