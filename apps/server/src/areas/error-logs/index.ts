import { defineArea } from '../../platform/composition/area';
import { errorLogsRoutes } from './error-logs.routes';

/** The error log: the browser's reports and the staff's list. */
export const errorLogsArea = defineArea({
  name: 'error-logs',
  needs: [],
  register: async (app) => {
    await app.register(errorLogsRoutes);
  },
});
