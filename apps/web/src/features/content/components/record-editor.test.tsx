import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DynamicFormField } from '@sealplan/contracts';
import { mockApi, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import type { ModelConfigurationRecord } from '../api/content-api';
import { RecordEditor } from './record-editor';

// The ModelConfiguration model's own configuration: its fields list is edited with the form builder.
const fieldEntry: DynamicFormField[] = [
  {
    name: 'name',
    type: 'input',
    label: 'Field name',
    validations: [{ name: 'required', message: 'Name is required' }],
  },
  {
    name: 'type',
    type: 'select',
    label: 'Widget',
    options: [
      { value: 'input', label: 'Single-line input' },
      { value: 'checkbox', label: 'Checkbox' },
    ],
  },
  { name: 'label', type: 'input', label: 'Field label' },
  {
    name: 'inputType',
    type: 'select',
    label: 'Input type',
    options: [
      { value: 'text', label: 'Text' },
      { value: 'number', label: 'Number' },
    ],
  },
  { name: 'isHidden', type: 'checkbox', label: 'Hidden' },
];
const metaConfiguration: ModelConfigurationRecord = {
  guid: 'cfg-meta',
  version: 1,
  model: 'ModelConfiguration',
  label: 'Model configuration',
  listColumns: ['model', 'label'],
  fields: [
    { name: 'model', type: 'input', label: 'Model', isDisabled: true },
    { name: 'label', type: 'input', label: 'Label' },
    { name: 'fields', type: 'repeat', label: 'Fields', fields: fieldEntry },
  ],
};
const productConfiguration = {
  guid: 'cfg-product',
  version: 7,
  model: 'Product',
  label: 'Product',
  listColumns: ['articleNumber'],
  fields: [{ name: 'articleNumber', type: 'input', label: 'Article number' }],
};

describe('editing a model configuration (ADR 016: the form changes accordingly)', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews the form the edited fields make, and saves them in the contract’s shape', async () => {
    const puts: MockCall[] = [];
    mockApi({
      'PUT /api/instance/ModelConfiguration/cfg-product': (call) => {
        puts.push(call);
        return { data: JSON.parse(call.body!) };
      },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <RecordEditor
        model="ModelConfiguration"
        configuration={metaConfiguration}
        record={productConfiguration}
        opened
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit model configuration' });
    const preview = () => within(dialog).getByText('Preview of the form').parentElement!;
    expect(within(preview()).getByRole('textbox', { name: 'Article number' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const second = within(dialog).getByRole('group', { name: 'Fields 2' });
    await user.type(within(second).getByRole('textbox', { name: /Field name/ }), 'inStock');
    const widget = within(second).getByRole('combobox', { name: 'Widget' });
    await user.click(widget);
    await waitFor(() =>
      expect(document.getElementById(widget.getAttribute('aria-controls') ?? '')).not.toBeNull(),
    );
    const listbox = document.getElementById(widget.getAttribute('aria-controls')!)!;
    await user.click(within(listbox).getByRole('option', { name: 'Checkbox', hidden: true }));
    await user.type(within(second).getByRole('textbox', { name: 'Field label' }), 'In stock');
    // Spec §5/§9: the preview follows 500 ms after the last change.
    await waitFor(() => expect(within(preview()).getByRole('checkbox', { name: 'In stock' })).toBeTruthy(), {
      timeout: 3000,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const body = JSON.parse(puts[0]!.body!) as Record<string, unknown>;
    expect(body).toMatchObject({ guid: 'cfg-product', version: 7, model: 'Product' });
    // Unset options (empty input type, false flags) are left out, as modelConfigurationSchema expects.
    expect(body.fields).toEqual([
      { name: 'articleNumber', type: 'input', label: 'Article number' },
      { name: 'inStock', type: 'checkbox', label: 'In stock' },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
