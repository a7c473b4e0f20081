import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { ItemsDialog, isRowComplete } from './items-dialog';

function renderDialog(props: Partial<Parameters<typeof ItemsDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <ModalsProvider>
          <ItemsDialog
            opened
            onClose={onClose}
            itemTypeId="CABLE"
            mode={{ kind: 'add' }}
            crushers={[]}
            existingItemCount={0}
            onSubmit={onSubmit}
            {...props}
          />
        </ModalsProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { onSubmit, onClose };
}

describe('isRowComplete', () => {
  it('needs a quantity of at least 1 and a positive diameter (spec §5)', () => {
    expect(isRowComplete({ quantity: 2, diameter: 10, crusherId: null })).toBe(true);
    expect(isRowComplete({ quantity: null, diameter: 10, crusherId: null })).toBe(false);
    expect(isRowComplete({ quantity: 2, diameter: null, crusherId: null })).toBe(false);
    expect(isRowComplete({ quantity: -1, diameter: 10, crusherId: null })).toBe(false);
    expect(isRowComplete({ quantity: 1, diameter: -3, crusherId: null })).toBe(false);
  });
});

describe('ItemsDialog', () => {
  it('queues rows with the keys the page names: quantity, Enter, diameter, Enter; Ctrl+Enter finishes', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose } = renderDialog();
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.click(quantity);
    // An empty quantity is 1 (ADR 029).
    await user.keyboard('2{Enter}16{Enter}{Enter}22{Enter}');
    expect(screen.getAllByRole('button', { name: /Remove row/ })).toHaveLength(2);
    expect(document.activeElement).toBe(quantity);
    await user.keyboard('3{Enter}9,5{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledWith(
      [
        { quantity: 2, outerDiameterMm: 406.4, crusherId: null, itemTypeId: 'CABLE' },
        { quantity: 1, outerDiameterMm: 558.8, crusherId: null, itemTypeId: 'CABLE' },
        { quantity: 3, outerDiameterMm: 241.3, crusherId: null, itemTypeId: 'CABLE' },
      ].map((item) => ({ ...item, outerDiameterMm: expect.closeTo(item.outerDiameterMm, 1) as number })),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('asks before Escape throws queued rows away, and keeps them on Keep editing', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.click(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.keyboard('2{Enter}16{Enter}');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('1 row has not been added to the transit yet. Discard it?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: /Remove row/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes at once when nothing is queued or typed', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('queues rows from the keyboard: quantity, Tab, diameter, Enter, and returns focus to quantity', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();
    expect(screen.getByRole('heading', { name: 'Add Cables' })).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add' });
    const finish = screen.getByRole('button', { name: 'Finish' });
    expect(add.hasAttribute('disabled') || add.getAttribute('data-disabled') === 'true').toBe(true);
    expect(finish.hasAttribute('disabled') || finish.getAttribute('data-disabled') === 'true').toBe(true);
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.click(quantity);
    await user.keyboard('3');
    await user.tab();
    await user.keyboard('2.5{Enter}');
    expect(document.activeElement).toBe(quantity);
    await user.keyboard('1');
    await user.tab();
    await user.keyboard('40{Enter}');
    expect(screen.getAllByRole('button', { name: /Remove row/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    // Outside the units provider the spec default (imperial) applies: 40 in -> mm.
    expect(onSubmit).toHaveBeenCalledWith([
      { quantity: 1, outerDiameterMm: 1015.999, crusherId: null, itemTypeId: 'CABLE' },
    ]);
  });

  it('keeps the specification typed with a line, and edits the one a stored line has', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.type(screen.getByLabelText(/Outer Diameter/), '1');
    await user.type(screen.getByLabelText('Specification'), 'RFOU(i) 3x35');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject([{ quantity: 2, specification: 'RFOU(i) 3x35' }]);

    const edit = renderDialog({
      mode: {
        kind: 'edit',
        item: {
          quantity: 1,
          outerDiameterMm: 25.4,
          crusherId: null,
          itemTypeId: 'CABLE',
          specification: 'BFOU 2x2.5',
        },
      },
    });
    const field = screen.getAllByLabelText('Specification').at(-1)!;
    expect((field as HTMLInputElement).value).toBe('BFOU 2x2.5');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save Cable' }));
    expect(edit.onSubmit.mock.calls[0]![0]).toMatchObject([{ specification: null }]);
  });

  it('lets Finish close with an existing item and titles the edit mode by type', () => {
    renderDialog({ existingItemCount: 1 });
    const finish = screen.getByRole('button', { name: 'Finish' });
    expect(finish.hasAttribute('disabled')).toBe(false);
  });
});
