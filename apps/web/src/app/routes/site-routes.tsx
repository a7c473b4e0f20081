// Composition of the site page (ADR 031): features do not import each other, so app/ hands the transit's photos
// and files (the history feature, ADR 032) to the phone's site page.
import { TransitPhotosPanel } from '@/features/history';
import { TransitSitePage } from '@/features/projects/pages/transit-site-page';

export function SiteRoute() {
  return (
    <TransitSitePage renderPhotos={(p) => <TransitPhotosPanel transitId={p.transitId} variant="site" />} />
  );
}
