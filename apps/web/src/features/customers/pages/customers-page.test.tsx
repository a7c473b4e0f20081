import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PAGE_SIZE, type Customer } from '@sealplan/contracts';
import { i18n } from '@/lib/i18n';
import { mockApi, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { CustomersPage } from './customers-page';

const customer = (n: number, isActive: boolean): Customer => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  guid: `g${n}`,
  name: `Customer ${String(n).padStart(2, '0')}`,
  industry: { id: 'ON_SHORE', display: 'On Shore', model: 'Industry' },
  contactFirstName: 'Ola',
  contactLastName: 'Nordmann',
  contactPhone: '555 123 4567',
  contactEmail: 'ola@example.com',
  projectCount: n,
  isActive,
  version: 1,
  auditing: { createdOn: '2025-01-01T10:00:00.000Z', lastUpdatedOn: '2025-01-01T10:00:00.000Z' },
});

/** A server with 5 active and DEFAULT_PAGE_SIZE inactive customers, paged by fromIndex/size, filtered by q. */
function serve() {
  const store = [
    ...Array.from({ length: 5 }, (_, i) => customer(i + 1, true)),
    ...Array.from({ length: DEFAULT_PAGE_SIZE }, (_, i) => customer(i + 6, false)),
  ];
  return mockApi({
    'GET /api/instance/Customer': (call: MockCall) => {
      const params = new URL(call.path, 'http://x').searchParams;
      const fromIndex = Number(params.get('fromIndex') ?? 0);
      const size = Number(params.get('size') ?? DEFAULT_PAGE_SIZE);
      const rows = params.get('q') ? store.filter((c) => c.isActive) : store;
      return {
        data: {
          r: rows.slice(fromIndex, fromIndex + size),
          pager: { fromIndex, size, totalRecords: rows.length, pageIndex: Math.floor(fromIndex / size) },
        },
      };
    },
    'POST /api/customer/saveOne': (call: MockCall) => {
      const { customer: saved } = JSON.parse(call.body!) as {
        customer: { id: string; name: string; isActive?: boolean; isDelete?: boolean };
      };
      const index = store.findIndex((c) => c.id === saved.id);
      const isActive = saved.isDelete ? false : (saved.isActive ?? store[index]!.isActive);
      store[index] = { ...store[index]!, name: saved.name, isActive, version: store[index]!.version + 1 };
      return { data: store[index] };
    },
    'POST /api/industry/getActive': () => ({
      data: [{ id: 'ON_SHORE', name: 'On Shore', isActive: true, sort: 1 }],
    }),
  });
}

describe('CustomersPage (spec §2, §3, §5)', () => {
  beforeEach(() => void i18n.changeLanguage('en-US'));
  afterEach(() => vi.unstubAllGlobals());

  it('hiding inactive customers again from page 2 shows the first page, not an empty list', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<CustomersPage />, { path: '/customers' });
    await screen.findByText('Customer 01');
    expect(screen.getByText('5 customers')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Show inactive customers' }));
    await screen.findByText('15 customers');
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Customer 15');

    await user.click(screen.getByRole('checkbox', { name: 'Show inactive customers' }));
    await waitFor(() => expect(screen.getByText('Customer 01')).toBeTruthy());
    expect(screen.queryByText('No customers yet.')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Customers' })).getAllByRole('row')).toHaveLength(1 + 5);
  });

  it('deactivates a customer after confirmation and reactivates it from the inactive list', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderWithProviders(<CustomersPage />, { path: '/customers' });
    await screen.findByText('Customer 01');
    await user.click(screen.getByRole('button', { name: 'Deactivate Customer 01' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.path === '/api/customer/saveOne')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Deactivate Customer 01' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Customer 01 was deactivated.')).toBeTruthy();
    const saves = () =>
      api.calls
        .filter((c) => c.path === '/api/customer/saveOne')
        .map((c) => (JSON.parse(c.body!) as { customer: Record<string, unknown> }).customer);
    expect(saves()[0]).toMatchObject({ id: customer(1, true).id, version: 1, isDelete: true });
    await waitFor(() => expect(screen.getByText('4 customers')).toBeTruthy());

    await user.click(screen.getByRole('checkbox', { name: 'Show inactive customers' }));
    await user.click(await screen.findByRole('button', { name: 'Reactivate Customer 01' }));
    expect(await screen.findByText('Customer 01 was reactivated.')).toBeTruthy();
    expect(saves()[1]).toMatchObject({ id: customer(1, true).id, version: 2, isActive: true });
    expect(saves()[1]).not.toHaveProperty('isDelete');
  });

  it('the Add Customer dialog shows the spec §5 rules in the current language once a field is touched', async () => {
    serve();
    const user = userEvent.setup();
    await i18n.changeLanguage('fr-FR');
    renderWithProviders(<CustomersPage />, { path: '/customers' });
    await screen.findByText('Customer 01');
    await user.click(screen.getByRole('button', { name: i18n.t('customers:list.add') }));
    const dialog = await screen.findByRole('dialog');
    const company = within(dialog).getByRole('textbox', { name: /Nom de la société/ });
    await user.type(company, 'N');
    await user.tab();
    expect(await within(dialog).findByText('Veuillez saisir un nom de société')).toBeTruthy();
    const phone = within(dialog).getByRole('textbox', { name: /Téléphone/ });
    await user.type(phone, 'call me');
    await user.tab();
    expect(await within(dialog).findByText('Veuillez saisir un numéro de téléphone valide')).toBeTruthy();
    expect(within(dialog).queryByText('Please Enter a Company Name')).toBeNull();
    expect(within(dialog).getByRole('button', { name: i18n.t('customers:dialog.add') })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('edits a customer: the dialog opens filled in and valid, saves with id and version, toasts and lists the new name', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderWithProviders(<CustomersPage />, { path: '/customers' });
    await user.click(await screen.findByRole('button', { name: 'Edit Customer 02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    const company = within(dialog).getByRole('textbox', { name: /Company Name/ });
    expect(company).toHaveProperty('value', 'Customer 02');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.clear(company);
    await user.type(company, 'Renamed Yards');
    await user.click(save);
    expect(await screen.findByText('Customer saved successfully!')).toBeTruthy();
    const body = JSON.parse(api.calls.find((c) => c.path === '/api/customer/saveOne')!.body!) as {
      customer: unknown;
    };
    expect(body.customer).toMatchObject({
      id: customer(2, true).id,
      version: 1,
      name: 'Renamed Yards',
      contactEmail: 'ola@example.com',
    });
    expect(await screen.findByText('Renamed Yards')).toBeTruthy();
  });
});
