import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnceOpened } from './once-opened';

describe('OnceOpened (ADR 033)', () => {
  it('renders nothing until first opened, then mounts closed before it opens, and stays mounted', async () => {
    const seen: boolean[] = [];
    const probe = (opened: boolean) => {
      seen.push(opened);
      return <p>{opened ? 'open' : 'closed'}</p>;
    };
    const { rerender } = render(<OnceOpened opened={false}>{probe}</OnceOpened>);
    expect(seen).toEqual([]);
    await act(async () => rerender(<OnceOpened opened>{probe}</OnceOpened>));
    expect(screen.getByText('open')).toBeTruthy();
    // Mantine notes the focused control when `opened` turns true: the first render passes false.
    expect(seen[0]).toBe(false);
    await act(async () => rerender(<OnceOpened opened={false}>{probe}</OnceOpened>));
    expect(screen.getByText('closed')).toBeTruthy();
  });
});
