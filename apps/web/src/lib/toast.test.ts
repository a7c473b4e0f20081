import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { showToast, toToastType, TOAST_DURATION_MS } from './toast';
import { sanitizeToastHtml } from './toast-html';

describe('sanitizeToastHtml', () => {
  it('removes scripts and event handlers but keeps simple markup', () => {
    const clean = sanitizeToastHtml(
      '<b>Saved</b><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><em onclick="alert(4)">ok</em>',
    );
    expect(clean).toContain('<b>Saved</b>');
    expect(clean).toContain('<em>ok</em>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
  });

  it('keeps safe links and stops them reaching back to this window', () => {
    expect(sanitizeToastHtml('<a href="https://example.com/x" target="_blank">more</a>')).toBe(
      '<a rel="noopener noreferrer" href="https://example.com/x" target="_blank">more</a>',
    );
  });

  it('drops styles, iframes and svg payloads', () => {
    const clean = sanitizeToastHtml(
      '<iframe src="https://evil"></iframe><svg onload="alert(1)"></svg><p style="position:fixed">t</p>',
    );
    expect(clean).toBe('<p>t</p>');
  });
});

describe('toToastType', () => {
  it('maps spec §3 UserMessageType: success, warning, error, anything else info', () => {
    expect(['success', 'warning', 'error', 'info', 'other', undefined].map(toToastType)).toEqual([
      'success',
      'warning',
      'error',
      'info',
      'info',
      'info',
    ]);
  });
});

describe('showToast', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replaces the current toast (one at a time) and defaults to 5000 ms', () => {
    const clean = vi.spyOn(notifications, 'clean').mockImplementation(() => undefined);
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    showToast('Project saved successfully!', { type: 'success' });
    expect(clean).toHaveBeenCalledTimes(1);
    expect(clean.mock.invocationCallOrder[0]).toBeLessThan(show.mock.invocationCallOrder[0]!);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Project saved successfully!',
        color: 'green',
        autoClose: TOAST_DURATION_MS,
      }),
    );
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
