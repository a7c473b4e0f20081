import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ContactSupportDialog } from './contact-support-dialog';

describe('Contact support (ADR 016, spec §7 communitySubmit)', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty message, then files the request and closes', async () => {
    const api = mockApi({ 'POST /api/content/communitySubmit': () => ({ data: { id: 'SR-1' } }) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ContactSupportDialog opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter a message')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), '  The export is empty.  ');
    await user.type(within(dialog).getByRole('textbox', { name: /Reply to/ }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter a valid e-mail address')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /Reply to/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(api.calls[0]!.body!)).toEqual({
      content: { type: 'QUESTION', message: 'The export is empty.' },
    });
    expect(await screen.findByText('Thank you. Your request was sent to support.')).toBeTruthy();
  });

  it('keeps the typed text and shows the server’s message when sending fails', async () => {
    mockApi({
      'POST /api/content/communitySubmit': () => ({
        status: 429,
        error: { code: 'RATE_LIMITED', message: 'Too many requests. Try again in a minute.' },
      }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ContactSupportDialog opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Help');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Too many requests');
    expect((within(dialog).getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement).value).toBe(
      'Help',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
