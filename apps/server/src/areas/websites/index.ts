import { defineArea } from '../../platform/composition/area';
import { registerWebsites } from './websites.plugin';
import { seedWebsites } from './websites.seed';

/** What other areas may use of websites (dependency-cruiser: areas meet through their index). */
export { DEMO_SITE_CSP } from './demo-site-pages';
export { demoSitePath, isOwnDemoSite, resolveSiteUrl, siteOfProduct } from './site-of-product';
export { validateSiteUrl } from './site-url-policy';
export {
  createWebsitePerformance,
  WEB_PERFORMANCE_METRICS,
  type WebsitePerformance,
} from './website-performance';
export { ownOrigin } from './websites.plugin';

/** Website products: uptime checks, incidents and the demo sites. */
export const websitesArea = defineArea({
  name: 'websites',
  needs: [],
  register: (app, context) => registerWebsites(app, context),
  seed: (ctx, demo) => seedWebsites(ctx, demo.products),
});
