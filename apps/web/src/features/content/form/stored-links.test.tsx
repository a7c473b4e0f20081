import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { DynamicForm } from './dynamic-form';

/** ADR 023: a button's link stored before the one link rule is never rendered as an href. */
describe('DynamicForm button with a stored unsafe link', () => {
  it('renders no link for "//", "/\\" or javascript: targets, and keeps safe ones', () => {
    renderWithProviders(
      <DynamicForm
        fields={[
          { name: 'a', type: 'button', label: 'Away', value: '//evil.test' },
          { name: 'b', type: 'button', label: 'Slash', value: '/\\evil.test' },
          { name: 'c', type: 'button', label: 'Script', value: 'javascript:alert(1)' },
          { name: 'd', type: 'button', label: 'Site', value: '/projects' },
          { name: 'e', type: 'button', label: 'Maker', value: 'https://example.com/maker' },
        ]}
        onSubmit={() => undefined}
      />,
    );
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/projects', 'https://example.com/maker']);
    for (const name of ['Away', 'Slash', 'Script']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});
