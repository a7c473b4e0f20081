import { describe, expect, it, vi } from 'vitest';
import { createServerTranslationsBackend, deepMerge, unflatten } from './server-translations';

const bundled = {
  'de-DE': { shell: { nav: { dashboard: 'Übersicht', projects: 'Projekte' } } },
};

function read(backend: ReturnType<typeof createServerTranslationsBackend>, lng: string, ns: string) {
  return new Promise<unknown>((resolve) => backend.read(lng, ns, (_err, data) => resolve(data)));
}

describe('translations from the server (ADR 016)', () => {
  it('turns dotted keys into nested texts and lays them over the bundled ones', () => {
    expect(unflatten({ 'nav.dashboard': 'Start', title: 'T', bad: 3 })).toEqual({
      nav: { dashboard: 'Start' },
      title: 'T',
    });
    expect(deepMerge({ a: { b: '1', c: '2' } }, { a: { b: 'x' } })).toEqual({ a: { b: 'x', c: '2' } });
  });

  it('fetches a culture once and merges the administrator’s overrides over the bundled files', async () => {
    const fetcher = vi.fn(async (culture: string) => ({
      culture,
      resources: { shell: { 'nav.dashboard': 'Startseite' }, content: { 'grid.search': 'Finden' } },
    }));
    const backend = createServerTranslationsBackend(bundled, fetcher);
    expect(await read(backend, 'de-DE', 'shell')).toEqual({
      nav: { dashboard: 'Startseite', projects: 'Projekte' },
    });
    expect(await read(backend, 'de-DE', 'content')).toEqual({ grid: { search: 'Finden' } });
    expect(fetcher).toHaveBeenCalledTimes(1);
    backend.reset();
    await read(backend, 'de-DE', 'shell');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keeps the bundled texts when the server cannot answer', async () => {
    const backend = createServerTranslationsBackend(bundled, () => Promise.reject(new Error('offline')));
    expect(await read(backend, 'de-DE', 'shell')).toEqual(bundled['de-DE'].shell);
    expect(await read(backend, 'fr-FR', 'shell')).toEqual({});
  });
});
