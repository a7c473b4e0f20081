import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

type Tree = { [key: string]: unknown };
export type Resources = Record<string, Record<string, Tree>>;
/** GET /api/translations/all?culture=… → { culture, resources: { [namespace]: { [key]: text } } }. */
export interface TranslationsAnswer {
  culture: string;
  resources: Record<string, Tree>;
}
export type FetchTranslations = (culture: string) => Promise<TranslationsAnswer>;

const isTree = (v: unknown): v is Tree => !!v && typeof v === 'object' && !Array.isArray(v);

/** Dotted keys ("nav.dashboard": "…") as i18next's nested shape; nested objects are kept as they are. */
export function unflatten(texts: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value !== 'string' && !isTree(value)) continue; // only texts; anything else is ignored
    const parts = key.split('.');
    let node = out;
    parts.slice(0, -1).forEach((part) => {
      if (!isTree(node[part])) node[part] = {};
      node = node[part] as Tree;
    });
    const last = parts[parts.length - 1]!;
    node[last] = isTree(value)
      ? deepMerge(isTree(node[last]) ? (node[last] as Tree) : {}, unflatten(value))
      : value;
  }
  return out;
}

/** `over` on top of `base`, key by key (neither is changed). */
export function deepMerge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isTree(value) && isTree(out[key]) ? deepMerge(out[key] as Tree, value) : value;
  }
  return out;
}

/**
 * An i18next backend: each culture's texts are fetched once from the server and laid over the bundled files, so an
 * administrator's text change shows without a rebuild. When the server cannot answer, the bundled texts stand.
 */
export function createServerTranslationsBackend(bundled: Resources, fetchTranslations: FetchTranslations) {
  const answers = new Map<string, Promise<Record<string, Tree> | null>>();
  const answerFor = (culture: string) => {
    let answer = answers.get(culture);
    if (!answer) {
      answer = fetchTranslations(culture)
        .then((a) => (isTree(a?.resources) ? a.resources : null))
        .catch(() => null);
      answers.set(culture, answer);
    }
    return answer;
  };
  const backend: BackendModule & { reset: () => void } = {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      void answerFor(language).then((served) => {
        // Read when the answer is there: a language's file may have arrived meanwhile (ADR 033). One that arrives
        // later joins without overwriting what the server said.
        const own = bundled[language]?.[namespace] ?? {};
        const texts = served?.[namespace];
        callback(null, (isTree(texts) ? deepMerge(own, unflatten(texts)) : own) as ResourceKey);
      });
    },
    /** Forgets the fetched texts (spec §7: the translations cache is reset at start-up). */
    reset: () => answers.clear(),
  };
  return backend;
}
