/**
 * Query keys that more than one feature reads. Features do not import each other, so a feature that changes what
 * another one shows (the catalogue admin screen changes the transit workspace's catalogue) invalidates these.
 */
export const SHARED_QUERY_KEYS = {
  /** POST /api/project/getFormData: the catalogue the transit editor sizes with. */
  formData: ['project', 'formData'],
  /** GET /api/settings: among others, whether the catalogue is verified (the "sample catalogue" notice). */
  settings: ['settings'],
  /** POST /api/industry/getActive: the industries with their names per language (ADR 030). */
  industries: ['industries', 'active'],
} as const;
