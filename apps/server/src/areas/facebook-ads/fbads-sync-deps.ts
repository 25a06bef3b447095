import type { FacebookAdsProvider } from '../../providers/facebook-ads/port';
import type { FbadsRepository } from './fbads.repository';

/** What the Facebook Ads syncs (insights, fbads.sync.ts; lead forms, fbads-leads.sync.ts) use. */
export interface FbadsSyncDeps {
  repo: FbadsRepository;
  provider: FacebookAdsProvider;
  now?: () => Date;
}
