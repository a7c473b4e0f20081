import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { RegisterForm } from './register-form';

const industries = {
  'POST /api/industry/getActive': () => ({
    data: [
      { id: 'ON_SHORE', name: 'On Shore' },
      { id: 'OFF_SHORE', name: 'Off Shore' },
    ],
  }),
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First Name/), '  Ada ');
  await user.type(screen.getByLabelText(/Last Name/), 'Lovelace');
  await user.type(screen.getByLabelText(/Company/), ' Analytical Ltd ');
  await user.click(screen.getByPlaceholderText('Select Industry*'));
  await user.click(await screen.findByRole('option', { name: 'Off Shore', hidden: true }));
  await user.type(screen.getByLabelText(/Phone Number/), '+44 555-123-4567');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com ');
  await user.type(screen.getByLabelText(/^Password/), 'secret1');
  await user.type(screen.getByLabelText(/Confirm Password/), 'secret1');
}

describe('RegisterForm (spec §5)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows every required-field message and the generic toast on an empty submit, without calling register', async () => {
    const api = mockApi(industries);
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(7);
    expect(await screen.findByText('Please fill out all required fields')).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/api/user/register'))).toBe(false);
  });

  it('checks the e-mail, phone pattern, password length and confirmation, and toasts a mismatch', async () => {
    mockApi(industries);
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Phone Number/), '12-34');
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.type(screen.getByLabelText(/Confirm Password/), 'abd');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This field must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Invalid Phone Number')).toBeTruthy();
    expect(screen.getByText('Passwords must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Password does not match')).toBeTruthy();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('accepts an international number as the customer form does, and names a wrong field in the toast', async () => {
    const api = mockApi({ ...industries, 'POST /api/user/register': () => ({ data: { id: 'u1' } }) });
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fillValid(user);
    const phone = screen.getByLabelText(/Phone Number/);
    await user.clear(phone);
    await user.type(phone, '12-34');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Phone Number: Invalid Phone Number')).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/api/user/register'))).toBe(false);
    await user.clear(phone);
    await user.type(phone, '+47 912 34 567');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
  });

  it('sends trimmed values and reports success', async () => {
    const api = mockApi({ ...industries, 'POST /api/user/register': () => ({ data: { id: 'u1' } }) });
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const call = api.calls.find((c) => c.path === '/api/user/register')!;
    expect(JSON.parse(call.body!)).toEqual({
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Company: 'Analytical Ltd',
      Industry: 'OFF_SHORE',
      PhoneNumber: '+44 555-123-4567',
      UserName: 'ada@example.com',
      Password: 'secret1',
      IsCustomer: true,
    });
    expect(await screen.findByText(/An administrator will send you an email/)).toBeTruthy();
  });

  it('shows the first server message on failure and keeps what was typed', async () => {
    mockApi({
      ...industries,
      'POST /api/user/register': () => ({
        status: 409,
        error: { code: 'EMAIL_TAKEN', message: 'This e-mail address is already registered.' },
      }),
    });
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={onRegistered} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This e-mail address is already registered.')).toBeTruthy();
    expect(onRegistered).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Last Name/) as HTMLInputElement).value).toBe('Lovelace');
  });
});
