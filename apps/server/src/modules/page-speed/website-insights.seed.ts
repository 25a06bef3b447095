import type { SeededProduct } from '../../seed/products';
import type { SeedContext } from '../../seed/seed-context';
import { seedHosting } from '../hosting/hosting.seed';
import { seedFormSubmissions } from '../website-forms/website-forms.seed';
import { seedPageSpeed } from './page-speed.seed';

/** Page speed, hosting and contact forms of the website products (after the sites exist). */
export async function seedWebsiteInsights(ctx: SeedContext, products: SeededProduct[]) {
  return {
    ...(await seedPageSpeed(ctx, products)),
    ...(await seedHosting(ctx, products)),
    ...(await seedFormSubmissions(ctx, products)),
  };
}
