import type { SeededProduct } from '../../seed/products';
import type { SeedContext } from '../../seed/seed-context';

/** Placeholder: the area's demo data is built in issue 16. */
export async function seedListings(_ctx: SeedContext, _products: SeededProduct[]): Promise<void> {}
