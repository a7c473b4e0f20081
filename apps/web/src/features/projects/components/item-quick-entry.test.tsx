import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItemTypeId } from '@sealplan/engine';
import { renderWithProviders } from '@/testing/render';
import {
  ItemQuickEntry,
  isSpreadsheetPaste,
  parseCellNumber,
  parsePastedItems,
  type PasteOptions,
} from './item-quick-entry';

const options: PasteOptions = {
  defaultType: 'CABLE',
  typeOf: (cell) =>
    ({ cable: 'CABLE', pipe: 'PIPE', 'plastic pipe': 'PIPE_PLASTIC' })[cell.toLowerCase()] as ItemTypeId,
  toMm: (value) => value * 10,
};

describe('parseCellNumber', () => {
  it('reads numbers as spreadsheets copy them, and nothing else', () => {
    expect(parseCellNumber('22')).toBe(22);
    expect(parseCellNumber(' 22.5 ')).toBe(22.5);
    expect(parseCellNumber('22,5')).toBe(22.5);
    expect(parseCellNumber('.5')).toBe(0.5);
    expect(parseCellNumber('-3')).toBeNull();
    expect(parseCellNumber('1,234.5')).toBeNull();
    expect(parseCellNumber('22 mm')).toBeNull();
    expect(parseCellNumber('')).toBeNull();
  });
});

describe('isSpreadsheetPaste', () => {
  it('is true for several cells or rows, false for one value', () => {
    expect(isSpreadsheetPaste('3\t20')).toBe(true);
    expect(isSpreadsheetPaste('3\n4')).toBe(true);
    expect(isSpreadsheetPaste('22.5')).toBe(false);
    expect(isSpreadsheetPaste('22.5\r\n')).toBe(false);
  });
});

describe('parsePastedItems', () => {
  it('reads quantity and diameter, or type, quantity and diameter, and passes over a header row', () => {
    const result = parsePastedItems(
      'Type\tQty\tOD\r\nPipe\t2\t60.3\n4\t1,5\n\nplastic pipe\t1\t11\t\n',
      options,
    );
    expect(result).toEqual({
      ok: true,
      items: [
        { itemTypeId: 'PIPE', quantity: 2, outerDiameterMm: 603, crusherId: null },
        { itemTypeId: 'CABLE', quantity: 4, outerDiameterMm: 15, crusherId: null },
        { itemTypeId: 'PIPE_PLASTIC', quantity: 1, outerDiameterMm: 110, crusherId: null },
      ],
    });
  });

  it('refuses the whole paste and names every bad row', () => {
    expect(parsePastedItems('2\t18\nDuct\t1\t20\n0\t5\n1.5\t5\n3\t-2\n1\t2\t3\t4\n5\n', options)).toEqual({
      ok: false,
      problems: [
        { row: 2, problem: 'badType', value: 'Duct' },
        { row: 3, problem: 'badQuantity', value: '0' },
        { row: 4, problem: 'badQuantity', value: '1.5' },
        { row: 5, problem: 'badDiameter', value: '-2' },
        { row: 6, problem: 'badColumns' },
        { row: 7, problem: 'badColumns' },
      ],
    });
    expect(parsePastedItems('1001\t5', options)).toMatchObject({
      ok: false,
      problems: [{ problem: 'badQuantity' }],
    });
  });
});

describe('ItemQuickEntry', () => {
  it('adds a line with quantity, Enter, diameter, Enter and starts the next row', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    renderWithProviders(<ItemQuickEntry defaultType="PIPE" onAdd={onAdd} />);
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.click(quantity);
    await user.keyboard('10{Enter}');
    // Outside the units provider the spec default (imperial) applies: the OD is typed in inches.
    const diameter = screen.getByRole('textbox', { name: 'OD (in)' });
    expect(document.activeElement).toBe(diameter);
    await user.keyboard('2{Enter}');
    expect(onAdd).toHaveBeenCalledWith([
      { itemTypeId: 'PIPE', quantity: 10, outerDiameterMm: 50.8, crusherId: null },
    ]);
    expect(document.activeElement).toBe(quantity);
    expect((quantity as HTMLInputElement).value).toBe('');
    expect((diameter as HTMLInputElement).value).toBe('');
  });

  it('keeps a bad quantity, says why and adds nothing', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    renderWithProviders(<ItemQuickEntry defaultType="CABLE" onAdd={onAdd} />);
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.click(quantity);
    await user.keyboard('0{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('The quantity must be a whole number from 1 to 1000');
    expect((quantity as HTMLInputElement).value).toBe('0');
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('adds pasted spreadsheet rows at once, and refuses a paste with a bad row', async () => {
    const onAdd = vi.fn();
    renderWithProviders(<ItemQuickEntry defaultType="CABLE" onAdd={onAdd} />);
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    const pasteText = (text: string) => fireEvent.paste(quantity, { clipboardData: { getData: () => text } });
    pasteText('Cable\t3\t1\nPipe\t2\t2\n');
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]![0]).toEqual([
      { itemTypeId: 'CABLE', quantity: 3, outerDiameterMm: 25.4, crusherId: null },
      { itemTypeId: 'PIPE', quantity: 2, outerDiameterMm: 50.8, crusherId: null },
    ]);
    pasteText('3\t1\nx\t2\n');
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(
      'Nothing was added. Row 2: the quantity must be a whole number from 1 to 1000',
    );
  });
});
