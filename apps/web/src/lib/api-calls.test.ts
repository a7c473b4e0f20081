import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  apiUrlOf,
  callApi,
  callApiWithMessages,
  downloadApi,
  setAnswerCheck,
} from './api-client';

// The module's own path (jsdom gives import.meta.url an http scheme); src/ is one folder up.
const SRC = dirname(import.meta.dirname);
/** The only module that turns a call's name into its address (ADR 024). */
const CLIENT_MODULE = 'lib/api-client.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const PROJECT = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'P',
};

describe('calls by name (ADR 024)', () => {
  it('no API address is written in the web app outside the client module', () => {
    // A string, template or regular expression that starts an /api/ address; comments may name calls.
    const literal = /['"`]\/api\//;
    const offenders = sourceFiles(SRC)
      .filter((file) => relative(SRC, file) !== CLIENT_MODULE)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line: line.replace(/\/\/.*$/, ''), index }))
          .filter(({ line }) => literal.test(line))
          .map(({ index }) => `${relative(SRC, file)}:${index + 1}`),
      );
    expect(offenders, `call the API by name (callApi) instead: ${offenders.join(', ')}`).toEqual([]);
  });

  describe('the client', () => {
    let fetchMock: ReturnType<typeof vi.fn>;
    const sent = (n = 0) => {
      const [url, init] = fetchMock.mock.calls[n] as [URL, RequestInit];
      return { url: String(url), init };
    };
    beforeEach(() => {
      localStorage.clear();
      setAnswerCheck(true);
      fetchMock = vi.fn(async () => answer(200, { success: true, data: null, messages: [] }));
      vi.stubGlobal('fetch', fetchMock);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      setAnswerCheck(false);
    });

    it('sends the method, path parameters (encoded), query and body of the entry', async () => {
      fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: { id: 'x' }, messages: [] }));
      await callApi('instance.delete', { params: { model: 'Menu Item', id: 'a/b' }, query: { version: 3 } });
      expect(sent().url).toMatch(/\/api\/instance\/Menu%20Item\/a%2Fb\?version=3$/);
      expect(sent().init.method).toBe('DELETE');
    });

    it("sends {} to the spec's POST calls without arguments, and a form body to the token call", async () => {
      fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: [], messages: [] }));
      await callApi('industry.getActive');
      expect(sent().init).toMatchObject({ method: 'POST', body: '{}' });
      fetchMock.mockResolvedValueOnce(
        answer(200, {
          success: true,
          data: { access_token: 't', token_type: 'bearer', expires_in: 60 },
          messages: [],
        }),
      );
      await callApi('auth.token', {
        body: { grant_type: 'password', username: 'a@b.c', password: 'pw' },
      }).catch(() => undefined);
      expect(sent(1).init).toMatchObject({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password&username=a%40b.c&password=pw',
      });
    });

    it('answers the data when it matches the entry, and refuses an answer that does not (where checked)', async () => {
      fetchMock.mockResolvedValueOnce(answer(200, { success: true, data: { providers: [] }, messages: [] }));
      expect(await callApi('external.providers')).toEqual({ providers: [] });
      fetchMock.mockResolvedValueOnce(
        answer(200, { success: true, data: { providers: 'none' }, messages: [] }),
      );
      const error = await callApi('external.providers').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiRequestError);
      expect((error as ApiRequestError).message).toMatch(/external\.providers.*providers/);
      fetchMock.mockResolvedValueOnce(
        answer(200, { success: true, data: { project: PROJECT }, messages: ['m'] }),
      );
      await expect(callApiWithMessages('project.getDashboardData')).rejects.toBeInstanceOf(ApiRequestError);
    });

    it('downloads a file call as the raw response, and builds the address of a call for plain readers', async () => {
      fetchMock.mockResolvedValueOnce(new Response('%PDF', { status: 200 }));
      const response = await downloadApi('project.sendProjectExport', {
        body: { projectId: PROJECT.id, outputFormat: 'PDF', measurementSystem: 'METRIC', isShare: false },
      });
      expect(await response.text()).toBe('%PDF');
      expect(sent().url).toMatch(/\/api\/project\/sendProjectExport$/);
      expect(apiUrlOf('translations.all', { query: { culture: 'nb-NO' } })).toBe(
        '/api/translations/all?culture=nb-NO',
      );
    });
  });
});
