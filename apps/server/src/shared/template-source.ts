import { DEFAULT_TEMPLATE_TEXTS, type TemplateTexts } from './template-definitions';

/**
 * Where the e-mail and document texts come from: read once per e-mail or document, so an edit applies at once.
 * The content module implements it over the stored templates (content/template-source.ts); the services that
 * send mail or build documents depend on this interface only (ADR 025).
 */
export interface TemplateSource {
  texts(): Promise<TemplateTexts>;
}

/** The built-in texts (the seed's), for services built without a database (unit tests). */
export const defaultTemplateSource: TemplateSource = { texts: async () => DEFAULT_TEMPLATE_TEXTS };
