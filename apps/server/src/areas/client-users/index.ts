import { defineArea } from '../../platform/composition/area';
import { accountEmailsArea } from '../account-emails';
import { clientUsersRoutes } from './client-users.routes';

/** Staff create a client company's users; each is invited by email. */
export const clientUsersArea = defineArea({
  name: 'client-users',
  needs: [accountEmailsArea],
  register: async (app, _context, needs) => {
    await app.register(clientUsersRoutes, {
      accountEmails: needs['account-emails'].accountEmails,
    });
  },
});
