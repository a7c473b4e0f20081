import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compactNames, type FormData, type SaveCatalogueRequest } from '@sealplan/contracts';
import { setStoredToken } from '@/lib/api-client';
import { SHARED_QUERY_KEYS } from '@/lib/query-keys';
import { SessionProvider } from '@/lib/session';
import { mockApi, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { CataloguePage } from './catalogue-page';

/** The current user; by default in the provider's organization (its ElevatedUser may edit the catalogue). */
const me = (roles: string[], isProvider = true) => ({
  data: {
    user: {
      id: 'admin',
      email: 'admin@x.co',
      firstName: 'Ad',
      lastName: 'Min',
      Roles: roles,
      permissions: ['admin.access'],
      organization: { id: 'org', name: isProvider ? 'Provider' : 'Customer', isProvider },
    },
  },
});

/** A small catalogue in the engine's shape (lengths in mm); components render in imperial outside UnitsProvider. */
function formData(version = 3, overrides: Partial<FormData['meta']> = {}): FormData {
  return {
    catalogue: {
      itemTypes: [
        {
          id: 'PIPE_PLASTIC',
          name: 'Plastic Pipe',
          transitTypes: [{ transitTypeId: 'NOFIRNO', classExceptions: [] }],
          classes: [{ classId: 'WATERTIGHT', minimumTransitDepthMm: 60, sealants: ['NOFIRNO_SEALANT'] }],
        },
      ],
      transitTypes: [
        {
          id: 'NOFIRNO',
          name: 'NOFIRNO',
          classes: [{ classId: 'WATERTIGHT', mmFillerSleeveLessThanTransit: 30 }],
          fillerSleeveType: 'NOFIRNO filler sleeve',
          fillerSleeveDiameterMm: 20,
          sealantCartridgeSizeMl: 310,
          usableSealantCartridgeSizeMl: 290,
        },
      ],
      classes: [
        { id: 'WATERTIGHT', name: 'Watertight' },
        { id: 'FIRE_RATED', name: 'Fire Rated' },
      ],
      sealants: [{ id: 'NOFIRNO_SEALANT', name: 'NOFIRNO sealant' }],
      cableSleeves: [
        {
          id: 'NF-CS-010',
          transitTypeId: 'NOFIRNO',
          cableMinMm: 0,
          cableMaxMm: 5,
          outerDiameterMm: 10,
          articleNumber: 'NF-CS-010',
        },
      ],
      crushers: [
        {
          id: 'PIPE-DN6',
          name: '1/8" (DN6)',
          itemTypeId: 'PIPE',
          pipeNominalSize: '1/8',
          pipeDiameterMm: 10.3,
          insideDiameterMm: 6.84,
          outerDiameterMm: 10.3,
          articleNumber: null,
        },
      ],
      clearance: [{ pipeOuterDiameterMinMm: 0, pipeOuterDiameterMaxMm: 76.2, requiredClearanceMm: 30 }],
      standardOpenings: [
        { id: 'R200', shape: 'ROUND', diameterMm: 200 },
        { id: 'Q300x200', shape: 'RECTANGLE', widthMm: 300, heightMm: 200, cornerRadiusMm: 0 },
      ],
      isSample: !overrides.isVerified,
    },
    meta: {
      dataVersion: 1,
      isVerified: false,
      verifiedOn: null,
      verifiedBy: null,
      version,
      lastUpdatedOn: '2024-05-01T10:00:00.000Z',
      ...overrides,
    },
    sampleFields: {
      itemTypes: { PIPE_PLASTIC: ['transitTypes', 'classes'] },
      transitTypes: { NOFIRNO: ['classes', 'fillerSleeveDiameterMm'] },
      classes: { WATERTIGHT: ['name'], FIRE_RATED: ['name'] },
      sealants: { NOFIRNO_SEALANT: ['name'] },
      cableSleeves: { 'NF-CS-010': ['cableMinMm', 'cableMaxMm', 'outerDiameterMm', 'articleNumber'] },
      crushers: { 'PIPE-DN6': [] },
      clearance: { '0': [] },
      standardOpenings: {},
    },
  };
}

const MIN_DEPTH = 'Plastic Pipe: classes: Minimum depth, Watertight (WATERTIGHT)';
const putBody = (call: MockCall) => JSON.parse(call.body!) as SaveCatalogueRequest;

function renderPage() {
  setStoredToken('tok');
  return renderWithProviders(<CataloguePage />, {
    path: '/catalogue',
    wrap: (c) => <SessionProvider>{c}</SessionProvider>,
  });
}

async function minDepthInput() {
  return (await screen.findByRole('textbox', { name: MIN_DEPTH })) as HTMLInputElement;
}

describe('CataloguePage (ADR 008)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the sample-data banner and marks, saves a changed length in mm with the version, and refreshes the workspace catalogue', async () => {
    let stored = formData(3);
    const api = mockApi({
      'GET /api/auth/current-user': () => me(['ElevatedUser']),
      'GET /api/catalogue': () => ({ data: stored }),
      'PUT /api/catalogue': (call) => {
        const body = putBody(call);
        stored = { ...formData(4), catalogue: { ...body.catalogue, isSample: true } };
        return { data: stored };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderPage();
    expect(await screen.findByText('Sample data')).toBeTruthy();
    expect(screen.getByText(/replace the values marked \* with the maker's figures/)).toBeTruthy();
    // The item type's classes are sample values: their heading carries the mark.
    const classesHeading = screen.getByRole('heading', { name: /Plastic Pipe: classes/ });
    expect(within(classesHeading.parentElement!).getByText('sample value')).toBeTruthy();
    queryClient.setQueryData(SHARED_QUERY_KEYS.formData, { stale: true });
    queryClient.setQueryData(SHARED_QUERY_KEYS.settings, { stale: true });

    // Imperial outside the units provider: 60 mm shows as 2.362 in (spec §9 display decimals, no stray 4th);
    // 3 in is saved as 76.2 mm.
    const input = await minDepthInput();
    expect(input.value).toBe('2.362');
    await user.clear(input);
    await user.type(input, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Catalogue saved successfully!')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    const body = putBody(put);
    expect(body.version).toBe(3);
    expect(body.catalogue.itemTypes[0]!.classes[0]!.minimumTransitDepthMm).toBe(76.2);
    // Untouched values go back exactly as they came (no round trip through the displayed unit).
    expect(body.catalogue.crushers[0]).toEqual(formData().catalogue.crushers[0]);
    expect(body.catalogue.transitTypes[0]!.fillerSleeveDiameterMm).toBe(20);
    expect('isSample' in body.catalogue).toBe(false);
    expect(queryClient.getQueryState(SHARED_QUERY_KEYS.formData)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(SHARED_QUERY_KEYS.settings)?.isInvalidated).toBe(true);
    // The form now starts from the saved catalogue: nothing to reset.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Reset changes' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });

  it('edits the standard opening sizes (ADR 020) like the other tables', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => me(['ElevatedUser']),
      'GET /api/catalogue': () => ({ data: formData(3) }),
      'PUT /api/catalogue': (call) => ({
        data: { ...formData(4), catalogue: { ...putBody(call).catalogue, isSample: true } },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Standard openings' }));
    const table = screen.getByRole('table', { name: 'Standard opening sizes' });
    // Imperial outside the units provider: 200 mm shows as 7.874 in; 10 in is saved as 254 mm.
    const diameter = within(table).getByRole('textbox', { name: 'Diameter, R200' }) as HTMLInputElement;
    expect(diameter.value).toBe('7.874');
    await user.clear(diameter);
    await user.type(diameter, '10');
    await user.click(within(table).getByRole('button', { name: 'Remove Q300x200' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Catalogue saved successfully!')).toBeTruthy();
    const body = putBody(api.calls.find((c) => c.method === 'PUT')!);
    expect(body.catalogue.standardOpenings).toEqual([{ id: 'R200', shape: 'ROUND', diameterMm: 254 }]);
  });

  it('validates with the contract schema on the client: a message under the field, the typed value kept, nothing sent', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => me(['SystemAdministrator']),
      'GET /api/catalogue': () => ({ data: formData() }),
    });
    const user = userEvent.setup();
    renderPage();
    const input = await minDepthInput();
    await user.clear(input);
    await user.type(input, '99999');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/^Must be at most 3,937/)).toBeTruthy();
    expect(screen.getByText('1 value needs correcting; it is marked below. Nothing was saved.')).toBeTruthy();
    expect((await minDepthInput()).value).toBe('99999');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    // Corrected, the message goes (validation re-runs on change). An emptied required field elsewhere is
    // "Required", and Save takes the user to the tab that holds it.
    await user.clear(input);
    await user.type(input, '2');
    await waitFor(() => expect(screen.queryByText(/^Must be at most/)).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Classes' }));
    const name = await screen.findByRole('textbox', { name: 'Name, FIRE_RATED' });
    await user.clear(name);
    await user.click(screen.getByRole('tab', { name: 'Penetrating item types' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Classes/, selected: true })).toBeTruthy();
  });

  it('keeps everything typed on a version conflict, says why and offers to reload or overwrite', async () => {
    let version = 3;
    const api = mockApi({
      'GET /api/auth/current-user': () => me(['ElevatedUser']),
      'GET /api/catalogue': () => ({ data: formData(version) }),
      'PUT /api/catalogue': (call) =>
        putBody(call).force
          ? { data: formData(++version) }
          : {
              status: 409,
              error: { code: 'VERSION_CONFLICT', message: 'This record was changed by someone else.' },
            },
    });
    const user = userEvent.setup();
    renderPage();
    const input = await minDepthInput();
    await user.clear(input);
    await user.type(input, '4');
    version = 4; // someone else saved meanwhile
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Someone else changed the catalogue')).toBeTruthy();
    expect((await minDepthInput()).value).toBe('4');

    // Overwrite asks first; then the save goes with force.
    await user.click(within(alert).getByRole('button', { name: 'Save my version anyway' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await screen.findByText('Catalogue saved successfully!');
    const forced = putBody(api.calls.filter((c) => c.method === 'PUT').at(-1)!);
    expect(forced).toMatchObject({ version: 3, force: true });
  });

  it('reloads on request after a failed save, and puts a server field message under its field', async () => {
    const fieldError = {
      code: 'VALIDATION_FAILED',
      message: 'The minimum must be below the maximum',
      fields: { 'catalogue.cableSleeves.0.cableMaxMm': 'The minimum must be below the maximum' },
    };
    let calls = 0;
    mockApi({
      'GET /api/auth/current-user': () => me(['ElevatedUser']),
      'GET /api/catalogue': () => ({ data: formData(3 + calls++) }),
      'PUT /api/catalogue': () => ({ status: 400, error: fieldError }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Cable sleeves' }));
    const min = await screen.findByRole('textbox', { name: 'Cable diameter above, NF-CS-010' });
    await user.clear(min);
    await user.type(min, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The catalogue was not saved')).toBeTruthy();
    expect(screen.getAllByText('The minimum must be below the maximum')).toHaveLength(2);
    expect(
      (screen.getByRole('textbox', { name: 'Cable diameter above, NF-CS-010' }) as HTMLInputElement).value,
    ).toBe('1');

    await user.click(within(alert).getByRole('button', { name: /Reload the catalogue/ }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(
      (screen.getByRole('textbox', { name: 'Cable diameter above, NF-CS-010' }) as HTMLInputElement).value,
    ).toBe('0');
  });

  it('marks the catalogue as verified only after the confirm dialog, then shows who verified it', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => me(['ElevatedUser']),
      'GET /api/catalogue': () => ({ data: formData(5) }),
      'POST /api/catalogue/verify': () => ({
        data: formData(6, {
          isVerified: true,
          verifiedBy: 'admin@x.co',
          verifiedOn: '2024-06-01T09:00:00.000Z',
        }),
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark as verified' }));
    expect(await screen.findByText(/This confirms that every value is the maker's data/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/This confirms that every value/)).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/catalogue/verify')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Mark as verified' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Verified catalogue')).toBeTruthy();
    expect(screen.getByText(/Verified as the maker's data by admin@x.co/)).toBeTruthy();
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/catalogue/verify')!.body!)).toEqual({
      isVerified: true,
      version: 5,
    });
    expect(screen.getByRole('button', { name: 'Withdraw verification' })).toBeTruthy();
  });

  it('is closed to users without ElevatedUser or SystemAdministrator', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => me(['Administrator']),
      'GET /api/catalogue': () => ({ data: formData() }),
    });
    const { router } = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.some((c) => c.path === '/api/catalogue')).toBe(false);
  });

  it("is closed to a customer organization's ElevatedUser (the catalogue is provider-wide)", async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => me(['ElevatedUser', 'Administrator'], false),
      'GET /api/catalogue': () => ({ data: formData() }),
    });
    const { router } = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.some((c) => c.path === '/api/catalogue')).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Catalogue', level: 1 })).toBeNull();
  });

  it('asks before leaving with unsaved changes: Keep editing stays with the typed value, Close without saving leaves', async () => {
    mockApi({
      'GET /api/auth/current-user': () => me(['SystemAdministrator']),
      'GET /api/catalogue': () => ({ data: formData() }),
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    const input = await minDepthInput();
    await user.clear(input);
    await user.type(input, '7');

    void router.navigate('/projects');
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/catalogue');
    expect((await minDepthInput()).value).toBe('7');

    void router.navigate('/projects');
    await user.click(await screen.findByRole('button', { name: 'Close without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('is open to a SystemAdministrator of a customer organization', async () => {
    mockApi({
      'GET /api/auth/current-user': () => me(['SystemAdministrator', 'Administrator'], false),
      'GET /api/catalogue': () => ({ data: formData() }),
    });
    const { router } = renderPage();
    expect(await minDepthInput()).toBeTruthy();
    expect(router.state.location.pathname).toBe('/catalogue');
  });

  it('gives each class a name per language (ADR 030): the German name typed is saved, an empty one is left to English', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => me(['ElevatedUser']),
      'GET /api/catalogue': () => ({ data: formData(3) }),
      'PUT /api/catalogue': (call) => ({
        data: { ...formData(4), catalogue: { ...putBody(call).catalogue, isSample: true } },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Classes' }));
    const table = screen.getByRole('table', { name: 'Classes' });
    expect(within(table).getByRole('columnheader', { name: 'Name (German)' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Name (Chinese)' })).toBeTruthy();
    await user.type(within(table).getByRole('textbox', { name: 'Name (German), WATERTIGHT' }), 'Wasserdicht');
    await user.type(within(table).getByRole('textbox', { name: 'Name (French), WATERTIGHT' }), 'Étanche');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Catalogue saved successfully!')).toBeTruthy();
    const body = putBody(api.calls.find((c) => c.method === 'PUT')!);
    expect(body.catalogue.classes[0]!.name).toBe('Watertight');
    expect(compactNames(body.catalogue.classes[0]!.names)).toEqual({
      'de-DE': 'Wasserdicht',
      'fr-FR': 'Étanche',
    });
    // A class whose translations were not touched keeps its English name and no other.
    expect(body.catalogue.classes[1]!.name).toBe('Fire Rated');
    expect(compactNames(body.catalogue.classes[1]!.names)).toEqual({});
  });
});
