import { defineArea } from '../../platform/composition/area';
import { rankGridArea } from '../rank-grid';
import { registerGridConfigs } from './grid-configs.plugin';

/** Grid configs and their schedules (the tick and run jobs). */
export const gridConfigsArea = defineArea({
  name: 'grid-configs',
  needs: [rankGridArea],
  register: (app, { scheduleTicks }, needs) =>
    registerGridConfigs(app, { scheduleTicks, rankGrid: needs['rank-grid'].rankGrid }),
});
