import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { describe, expect, it } from 'vitest';
import { confirm } from './confirm-dialog';

function renderModals() {
  render(
    <MantineProvider>
      <ModalsProvider>
        <div />
      </ModalsProvider>
    </MantineProvider>,
  );
}

async function ask(message?: string) {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirm(message === undefined ? {} : { message });
  });
  await screen.findByRole('dialog');
  return answer;
}

describe('confirm (spec §2 confirm dialog)', () => {
  it('shows the default message and answers true for OK', async () => {
    renderModals();
    const answer = ask();
    expect(await screen.findByText('Are you sure you want to continue?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
  });

  it('answers false for Cancel, with a given message', async () => {
    renderModals();
    const answer = ask('Delete this transit?');
    expect(await screen.findByText('Delete this transit?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('answers false when closed with the X', async () => {
    renderModals();
    const answer = ask();
    await screen.findByText('Are you sure you want to continue?');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
