import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DynamicFormField } from '@sealplan/contracts';
import { renderWithProviders } from '@/testing/render';
import { DynamicForm } from './dynamic-form';
import { TAB_SETUP_DELAY_MS } from './list-widgets';

beforeAll(() => {
  // jsdom has no document.fonts; Mantine's autosize Textarea listens on it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

const required = (message: string) => ({ name: 'required' as const, message });

function setup(fields: DynamicFormField[], initialValues?: Record<string, unknown>, extra = {}) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  const view = renderWithProviders(
    <DynamicForm fields={fields} initialValues={initialValues} onSubmit={onSubmit} {...extra} />,
  );
  const save = () => user.click(screen.getByRole('button', { name: 'Save' }));
  return { ...view, onSubmit, user, save };
}

describe('DynamicForm: simple widgets and spec §5 validation', () => {
  const fields: DynamicFormField[] = [
    {
      name: 'label',
      type: 'input',
      label: 'Label',
      validations: [
        required('Label is required'),
        { name: 'minLength', validator: 3, message: 'At least 3 characters' },
      ],
    },
    {
      name: 'email',
      type: 'input',
      inputType: 'email',
      label: 'E-mail',
      validations: [{ name: 'email', message: 'Not an e-mail' }],
    },
    {
      name: 'price',
      type: 'input',
      inputType: 'number',
      label: 'Price',
      validations: [{ name: 'max', validator: 8000, message: 'At most 8000' }],
    },
    { name: 'message', type: 'textarea', label: 'Message', validations: [required('Message is required')] },
    {
      name: 'type',
      type: 'select',
      label: 'Type',
      options: [
        { value: 'MAIN_MENU', label: 'Main menu' },
        { value: 'OTHER', label: 'Other' },
      ],
      validations: [required('Type is required')],
    },
    {
      name: 'size',
      type: 'radio',
      label: 'Size',
      options: [
        { value: 'S', label: 'Small' },
        { value: 'L', label: 'Large' },
      ],
      validations: [required('Pick a size')],
    },
    { name: 'agree', type: 'checkbox', label: 'Agree', validations: [required('Please agree')] },
    { name: 'since', type: 'date', label: 'Since' },
    {
      name: 'secret',
      type: 'input',
      label: 'Secret',
      isHidden: true,
      validations: [required('never shown')],
    },
    { name: 'locked', type: 'input', label: 'Locked', isDisabled: true, value: 'fixed' },
  ];

  it('refuses an invalid submit, marks every field and shows every failed message', async () => {
    const { save, onSubmit, user } = setup(fields);
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'ab');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope');
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '9000');
    await save();
    expect(await screen.findByText('At least 3 characters')).toBeTruthy();
    expect(screen.getByText('Not an e-mail')).toBeTruthy();
    expect(screen.getByText('At most 8000')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.getByText('Type is required')).toBeTruthy();
    expect(screen.getByText('Pick a size')).toBeTruthy();
    expect(screen.getByText('Please agree')).toBeTruthy();
    expect(screen.queryByText('never shown')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('7 validations failed');
    expect(onSubmit).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Locked' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows both messages when two validations of one field fail', async () => {
    const { save } = setup([
      {
        name: 'code',
        type: 'input',
        label: 'Code',
        validations: [
          { name: 'minLength', validator: 5, message: 'Five or more' },
          { name: 'pattern', validator: '^[A-Z]+$', message: 'Capitals only' },
        ],
      },
    ]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: 'ab' } });
    await save();
    expect(await screen.findByText('Five or more')).toBeTruthy();
    expect(screen.getByText('Capitals only')).toBeTruthy();
  });

  it('submits the values once they pass', async () => {
    const { save, onSubmit, user } = setup(fields, { guid: 'g-1', version: 3 });
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'Dashboard');
    fireEvent.change(screen.getByRole('textbox', { name: 'Price' }), { target: { value: '12.5' } });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Main menu', hidden: true }));
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('checkbox', { name: 'Agree' }));
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      guid: 'g-1',
      version: 3,
      label: 'Dashboard',
      email: '',
      price: 12.5,
      message: 'Hello',
      type: 'MAIN_MENU',
      size: 'L',
      agree: true,
      since: null,
      locked: 'fixed',
    });
  });

  it('shows a stored date and keeps it as an ISO date', async () => {
    const { save, onSubmit } = setup([{ name: 'since', type: 'date', label: 'Since' }], {
      since: '2026-03-04',
    });
    expect(screen.getAllByDisplayValue('2026-03-04').length).toBeGreaterThan(0);
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ since: '2026-03-04' })),
    );
  });

  it('shows the server’s messages by field path', async () => {
    setup(
      [{ name: 'label', type: 'input', label: 'Label' }],
      { label: 'x' },
      { serverErrors: { label: 'Taken on the server' } },
    );
    expect(await screen.findByText('Taken on the server')).toBeTruthy();
  });

  it('reports changes once, 500 ms after the last one (spec §9)', async () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      renderWithProviders(
        <DynamicForm
          fields={[{ name: 'label', type: 'input', label: 'Label' }]}
          onSubmit={vi.fn()}
          onChange={onChange}
        />,
      );
      const box = screen.getByRole('textbox', { name: 'Label' });
      fireEvent.change(box, { target: { value: 'a' } });
      act(() => vi.advanceTimersByTime(300));
      fireEvent.change(box, { target: { value: 'ab' } });
      act(() => vi.advanceTimersByTime(499));
      expect(onChange).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ label: 'ab' }));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('DynamicForm: button widget', () => {
  it('links to a path, or tells the owner which button was pressed', async () => {
    const onAction = vi.fn();
    const { user } = setup(
      [
        { name: 'go', type: 'button', label: 'Open projects', value: '/projects' },
        { name: 'preview', type: 'button', label: 'Preview' },
        { name: 'label', type: 'input', label: 'Label', value: 'x' },
      ],
      undefined,
      { onAction },
    );
    expect(screen.getByRole('link', { name: 'Open projects' }).getAttribute('href')).toBe('/projects');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(onAction).toHaveBeenCalledWith('preview', expect.objectContaining({ label: 'x' }));
  });
});

describe('DynamicForm: autocomplete chips', () => {
  const chips: DynamicFormField = {
    name: 'tags',
    type: 'chips',
    label: 'Tags',
    options: [
      { value: 'fire', label: 'Fire rated', imageUrl: '/api/locker/fire' },
      { value: 'water', label: 'Watertight' },
      { value: 'gas', label: 'Gas tight' },
    ],
    validations: [{ name: 'maxLength', validator: 3, message: 'At most 3 tags' }],
  };

  it('adds chips with Enter and comma, shows the count in brackets and removes them', async () => {
    const { user, save, onSubmit } = setup([chips]);
    const input = screen.getByRole('textbox', { name: 'Add to Tags' });
    expect(screen.getByText('Tags (0)')).toBeTruthy();
    await user.type(input, 'watertight{Enter}');
    await user.type(input, 'custom,');
    expect(screen.getByText('Tags (2)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Watertight' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'custom' })).toBeTruthy();
    // A pasted list splits at commas; a chip already there is not added twice.
    fireEvent.change(input, { target: { value: 'gas tight, custom, fire' } });
    expect(screen.getByText('Tags (3)')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe(' fire');
    await user.click(screen.getByRole('button', { name: 'Remove custom' }));
    expect(screen.getByText('Tags (2)')).toBeTruthy();
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ tags: ['water', 'gas'] })),
    );
  });

  it('suggests options with their picture, and a placeholder for chips without one', async () => {
    const { user } = setup([chips], { tags: ['water'] });
    await user.click(screen.getByRole('textbox', { name: 'Add to Tags' }));
    await user.click(await screen.findByRole('option', { name: /Fire rated/, hidden: true }));
    const fire = screen.getByRole('button', { name: 'Fire rated' });
    expect(within(fire).getByRole('img', { name: 'Fire rated' }).getAttribute('src')).toBe(
      '/api/locker/fire',
    );
    // Watertight has no picture: the placeholder (an icon, no image) stands in.
    const water = screen.getByRole('button', { name: 'Watertight' });
    expect(within(water).queryByRole('img')).toBeNull();
    expect(water.querySelector('svg')).not.toBeNull();
  });

  it('filters suggestions 500 ms after the last keystroke; Enter and comma add at once (spec §9)', () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<DynamicForm fields={[chips]} onSubmit={vi.fn()} />);
      const input = screen.getByRole('textbox', { name: 'Add to Tags' });
      const suggested = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);
      fireEvent.focus(input);
      act(() => vi.advanceTimersByTime(0));
      expect(suggested()).toEqual(['Fire rated', 'Watertight', 'Gas tight']);
      fireEvent.change(input, { target: { value: 'ga' } });
      act(() => vi.advanceTimersByTime(300));
      fireEvent.change(input, { target: { value: 'gas' } });
      act(() => vi.advanceTimersByTime(499));
      expect(suggested()).toEqual(['Fire rated', 'Watertight', 'Gas tight']);
      act(() => vi.advanceTimersByTime(1));
      expect(suggested()).toEqual(['Gas tight']);
      // Enter and comma add without waiting, and the emptied field suggests everything left at once.
      fireEvent.change(input, { target: { value: 'custom' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(screen.getByRole('button', { name: 'custom' })).toBeTruthy();
      expect(suggested()).toEqual(['Fire rated', 'Watertight', 'Gas tight']);
      fireEvent.change(input, { target: { value: 'other' } });
      fireEvent.keyDown(input, { key: ',' });
      expect(screen.getByRole('button', { name: 'other' })).toBeTruthy();
      expect(screen.getByText('Tags (2)')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the list validation message', async () => {
    const { save } = setup([chips], { tags: ['a', 'b', 'c', 'd'] });
    await save();
    expect(await screen.findByText('At most 3 tags')).toBeTruthy();
  });

  it('reorders chips with the keyboard (Space, arrow, Space)', async () => {
    // jsdom lays nothing out; give each chip a box in a row so the keyboard sensor can find its neighbour.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const chip = (this as HTMLElement).closest?.('[data-chip]') as HTMLElement | null;
      const index = chip ? [...chip.parentElement!.querySelectorAll('[data-chip]')].indexOf(chip) : 0;
      const left = chip ? index * 100 : 0;
      return {
        x: left,
        y: 0,
        left,
        top: 0,
        width: 90,
        height: 24,
        right: left + 90,
        bottom: 24,
        toJSON: () => ({}),
      } as DOMRect;
    });
    try {
      const { save, onSubmit } = setup([chips], { tags: ['fire', 'water', 'gas'] });
      const fire = screen.getByRole('button', { name: 'Fire rated' });
      fire.focus();
      fireEvent.keyDown(fire, { code: 'Space', key: ' ' });
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0));
      });
      fireEvent.keyDown(document.activeElement ?? fire, { code: 'ArrowRight', key: 'ArrowRight' });
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0));
      });
      fireEvent.keyDown(document.activeElement ?? fire, { code: 'Space', key: ' ' });
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0));
      });
      await save();
      await waitFor(() =>
        expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ tags: ['water', 'fire', 'gas'] })),
      );
    } finally {
      rect.mockRestore();
    }
  });
});

const entryFields: DynamicFormField[] = [
  { name: 'title', type: 'input', label: 'Title', validations: [required('Title is required')] },
];

describe('DynamicForm: repeating form and tabs', () => {
  it('repeat: the add button adds an entry, Remove removes that one', async () => {
    const { user, save, onSubmit } = setup([
      { name: 'steps', type: 'repeat', label: 'Steps', fields: entryFields },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const boxes = screen.getAllByRole('textbox', { name: 'Title' });
    expect(boxes).toHaveLength(2);
    await user.type(boxes[0]!, 'one');
    await user.type(boxes[1]!, 'two');
    await user.click(
      within(screen.getByRole('group', { name: 'Steps 1' })).getByRole('button', { name: 'Remove' }),
    );
    expect(screen.getAllByRole('textbox', { name: 'Title' })).toHaveLength(1);
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ steps: [{ title: 'two' }] })),
    );
  });

  it('repeat: a nested entry’s failed validation shows at that entry', async () => {
    const { user, save, onSubmit } = setup([
      { name: 'steps', type: 'repeat', label: 'Steps', fields: entryFields },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await save();
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('tabs: a tab per entry named by its first text, an add button and Remove on each tab', async () => {
    const { user, save, onSubmit } = setup(
      [{ name: 'pages', type: 'tabs', label: 'Page', fields: entryFields }],
      { pages: [{ title: 'Intro' }] },
    );
    expect(screen.getByRole('tab', { name: 'Intro' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const second = await screen.findByRole('tab', { name: 'Page 2' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Page 2' });
    await user.type(within(panel).getByRole('textbox', { name: 'Title' }), 'Details');
    expect(screen.getByRole('tab', { name: 'Details' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Intro' }));
    await user.click(
      within(screen.getByRole('tabpanel', { name: 'Intro' })).getByRole('button', { name: 'Remove' }),
    );
    expect(screen.queryByRole('tab', { name: 'Intro' })).toBeNull();
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ pages: [{ title: 'Details' }] })),
    );
  });
});

describe('DynamicForm: tab setup delayed 1500 ms (spec §9)', () => {
  it('builds the open tab at once and the other tabs 1500 ms later', () => {
    const onSubmit = vi.fn();
    vi.useFakeTimers();
    try {
      renderWithProviders(
        <DynamicForm
          fields={[{ name: 'pages', type: 'tabs', label: 'Page', fields: entryFields }]}
          initialValues={{ pages: [{ title: 'Intro' }, { title: 'Body' }, { title: '' }] }}
          onSubmit={onSubmit}
        />,
      );
      const titles = () => screen.queryAllByRole('textbox', { name: 'Title', hidden: true });
      expect(screen.getAllByRole('tab')).toHaveLength(3);
      expect(titles().map((b) => (b as HTMLInputElement).value)).toEqual(['Intro']);
      act(() => vi.advanceTimersByTime(TAB_SETUP_DELAY_MS - 1));
      expect(titles()).toHaveLength(1);
      act(() => vi.advanceTimersByTime(1));
      expect(titles().map((b) => (b as HTMLInputElement).value)).toEqual(['Intro', 'Body', '']);
    } finally {
      vi.useRealTimers();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('DynamicForm: dialogue list', () => {
  const dialogues: DynamicFormField = {
    name: 'dialogues',
    type: 'dialogues',
    label: 'Dialogues',
    fields: [
      { name: 'text', type: 'input', label: 'Text' },
      {
        name: 'deviceSettings',
        type: 'modalLink',
        label: 'Device settings',
        fields: [{ name: 'volume', type: 'input', inputType: 'number', label: 'Volume' }],
      },
    ],
  };
  const texts = () =>
    screen.getAllByRole('textbox', { name: 'Text' }).map((b) => (b as HTMLInputElement).value);

  it('adds at the top and the bottom, moves up and down, removes', async () => {
    const { user, save, onSubmit } = setup([dialogues], {
      dialogues: [
        { text: 'b', deviceSettings: null },
        { text: 'c', deviceSettings: null },
      ],
    });
    const addButtons = screen.getAllByRole('button', { name: 'Add Dialogue' });
    expect(addButtons).toHaveLength(2);
    await user.click(addButtons[0]!);
    await user.type(screen.getAllByRole('textbox', { name: 'Text' })[0]!, 'a');
    await user.click(screen.getAllByRole('button', { name: 'Add Dialogue' })[1]!);
    await user.type(screen.getAllByRole('textbox', { name: 'Text' })[3]!, 'd');
    expect(texts()).toEqual(['a', 'b', 'c', 'd']);

    const dialogue = (n: number) => screen.getByRole('group', { name: `Dialogue ${n}` });
    expect((within(dialogue(1)).getByRole('button', { name: 'Move Up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (within(dialogue(4)).getByRole('button', { name: 'Move Down' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(dialogue(1)).getByRole('button', { name: 'Move Down' }));
    expect(texts()).toEqual(['b', 'a', 'c', 'd']);
    await user.click(within(dialogue(4)).getByRole('button', { name: 'Move Up' }));
    expect(texts()).toEqual(['b', 'a', 'd', 'c']);
    await user.click(within(dialogue(2)).getByRole('button', { name: 'Remove Dialogue' }));
    expect(texts()).toEqual(['b', 'd', 'c']);
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(
      (onSubmit.mock.calls[0]![0] as { dialogues: { text: string }[] }).dialogues.map((d) => d.text),
    ).toEqual(['b', 'd', 'c']);
  });

  it('shows the device-settings note, and Remove Device Settings sets none', async () => {
    const { user, save, onSubmit } = setup([dialogues], {
      dialogues: [{ text: 'a', deviceSettings: { volume: 7 } }],
    });
    expect(
      screen.getByText(/override the device's current settings when this dialogue is reached/),
    ).toBeTruthy();
    expect(screen.getByText(/None leaves the previous settings unchanged/)).toBeTruthy();
    const remove = screen.getByRole('button', { name: 'Remove Device Settings' });
    expect((remove as HTMLButtonElement).disabled).toBe(false);
    await user.click(remove);
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('None')).toBeTruthy();
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ dialogues: [{ text: 'a', deviceSettings: null }] }),
      ),
    );
  });
});

describe('DynamicForm: child menu-item list', () => {
  it('adds and removes children; a child without a link is refused at that child (spec §5)', async () => {
    const { user, save, onSubmit } = setup([
      {
        name: 'children',
        type: 'menuChildren',
        label: 'Children',
        fields: [
          { name: 'label', type: 'input', label: 'Child label' },
          { name: 'link', type: 'input', label: 'Link', validations: [required('Link is required')] },
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add Child Menu Item' }));
    await user.click(screen.getByRole('button', { name: 'Add Child Menu Item' }));
    await user.type(screen.getAllByRole('textbox', { name: 'Child label' })[0]!, 'Reports');
    await save();
    expect(await screen.findAllByText('Link is required')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(
      within(screen.getByRole('group', { name: 'Child menu item 2' })).getByRole('button', {
        name: 'Remove Child Menu Item',
      }),
    );
    await user.type(screen.getByRole('textbox', { name: /^Link/ }), '/reports');
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ children: [{ label: 'Reports', link: '/reports' }] }),
      ),
    );
  });
});

describe('DynamicForm: modal link', () => {
  const field: DynamicFormField = {
    name: 'seo',
    type: 'modalLink',
    label: 'Search preview',
    fields: [
      {
        name: 'title',
        type: 'input',
        label: 'Preview title',
        validations: [required('Preview title is required')],
      },
    ],
  };

  it('opens a 1000 × 600 px dialog whose form applies only valid values', async () => {
    const { user, save, onSubmit } = setup([field]);
    expect(screen.getByText('None')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Search preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search preview' });
    const content = dialog.closest('.mantine-Modal-content') as HTMLElement;
    expect(content.style.height).toBe('600px');
    // Spec §9: 1000 px wide (Mantine writes it in rem: 1000 / 16 = 62.5).
    expect(document.querySelector('[style*="--modal-size"]')?.getAttribute('style')).toMatch(
      /--modal-size: calc\(62\.5rem/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Preview title is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Preview title' }), 'Transit seals');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Transit seals')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ seo: { title: 'Transit seals' } })),
    );
  });

  it('Cancel drops what was typed in the dialog', async () => {
    const { user } = setup([field], { seo: { title: 'Kept' } });
    await user.click(screen.getByRole('button', { name: 'Edit Search preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search preview' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Preview title' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Preview title' }), 'Dropped');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Kept')).toBeTruthy();
  });
});
