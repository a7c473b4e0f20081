import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { ItemsDialog, isRowComplete } from './items-dialog';

function renderDialog(props: Partial<Parameters<typeof ItemsDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <ItemsDialog
          opened
          onClose={() => undefined}
          itemTypeId="CABLE"
          mode={{ kind: 'add' }}
          crushers={[]}
          existingItemCount={0}
          onSubmit={onSubmit}
          {...props}
        />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { onSubmit };
}

describe('isRowComplete', () => {
  it('needs a quantity of at least 1 and a positive diameter (spec §5)', () => {
    expect(isRowComplete({ quantity: 2, diameter: 10, crusherId: null })).toBe(true);
    expect(isRowComplete({ quantity: '', diameter: 10, crusherId: null })).toBe(false);
    expect(isRowComplete({ quantity: 2, diameter: '', crusherId: null })).toBe(false);
    expect(isRowComplete({ quantity: -1, diameter: 10, crusherId: null })).toBe(false);
    expect(isRowComplete({ quantity: 1, diameter: -3, crusherId: null })).toBe(false);
  });
});

describe('ItemsDialog', () => {
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

  it('lets Finish close with an existing item and titles the edit mode by type', () => {
    renderDialog({ existingItemCount: 1 });
    const finish = screen.getByRole('button', { name: 'Finish' });
    expect(finish.hasAttribute('disabled')).toBe(false);
  });
});
