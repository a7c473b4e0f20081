// The content models on their own, without the content schemas: the web app's router checks a /content/:model
// address with isContentModel on every page, and the schemas belong to the content admin only (ADR 016, ADR 033).

/** The content models of the admin grids (spec §2), served by the generic records API. */
export const CONTENT_MODELS = [
  'Specification',
  'SupportRequest',
  'Role',
  'MenuItem',
  'ModelConfiguration',
  'Template',
  'Product',
  'ContentPage',
  'Translation',
] as const;
export type ContentModel = (typeof CONTENT_MODELS)[number];

export function isContentModel(model: string): model is ContentModel {
  return (CONTENT_MODELS as readonly string[]).includes(model);
}
