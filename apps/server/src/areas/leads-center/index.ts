import { defineArea } from '../../platform/composition/area';
import { registerLeadsCenter } from './leads-center.plugin';
import { seedLeadsCenter } from './leads-center.seed';

export type { LeadsCenter } from './leads-center.plugin';

/** The leads center: every lead source's leads in one list, read in after each sync. */
export const leadsCenterArea = defineArea({
  name: 'leads-center',
  needs: [],
  register: (app, { scheduleTicks }) => registerLeadsCenter(app, { scheduleTicks }),
  seed: (ctx, demo) => seedLeadsCenter(ctx, demo.products),
});
