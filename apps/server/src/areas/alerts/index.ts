import { defineArea } from '../../platform/composition/area';
import { alertsRoutes } from './alerts.routes';

/** The demo inbox's alerts (seed/inbox.ts). */
export { DEMO_ALERTS } from './alerts.seed';

/** Alerts and their shared links. */
export const alertsArea = defineArea({
  name: 'alerts',
  needs: [],
  register: async (app, { config }) => {
    await app.register(alertsRoutes, {
      publicUrl: config.publicUrl,
      linkSecret: config.linkSecret,
    });
  },
});
