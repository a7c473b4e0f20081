import type { TransitSiteStatus } from '@sealplan/contracts';

/** The badge colour of each site status (ADR 031), on the project page and the site page alike. */
export const SITE_STATUS_COLOR: Record<TransitSiteStatus, string> = {
  DESIGNED: 'gray',
  INSTALLED: 'blue',
  INSPECTION_PASSED: 'green',
  INSPECTION_FAILED: 'red',
};
