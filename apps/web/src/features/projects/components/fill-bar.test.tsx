import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { FillBar } from './fill-bar';

describe('FillBar', () => {
  beforeEach(() => void i18n.changeLanguage('en-US'));

  it('prints the fill and the fill limit with one decimal, as the documents do (ADR 010)', async () => {
    renderWithProviders(<FillBar fillPercent={116.63} fillLimitPercent={80} overfilled />);
    expect(await screen.findByText('Fill limit 80.0 %')).toBeTruthy();
    expect(screen.getByTestId('fill-percent').textContent).toBe('116.6 %');
    expect(screen.getByRole('meter').getAttribute('aria-label')).toBe('Filled 116.6 %, fill limit 80.0 %');
    expect(screen.getByTestId('fill-bar').getAttribute('data-state')).toBe('over');
  });

  it('a limit of 100 % reads 100.0 %', async () => {
    renderWithProviders(<FillBar fillPercent={18.08} fillLimitPercent={100} overfilled={false} />);
    expect(await screen.findByText('Fill limit 100.0 %')).toBeTruthy();
    expect(screen.getByTestId('fill-bar').getAttribute('data-state')).toBe('ok');
  });
});
