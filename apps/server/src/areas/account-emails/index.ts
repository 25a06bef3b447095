import { defineArea } from '../../platform/composition/area';
import { registerAccountEmails } from './account-emails.plugin';

export type { AccountEmailsService } from './account-emails.service';

/** Invitation and password-reset emails, and the staff's dev outbox. */
export const accountEmailsArea = defineArea({
  name: 'account-emails',
  needs: [],
  register: (app, { config }) =>
    registerAccountEmails(app, { publicUrl: config.publicUrl, linkSecret: config.linkSecret }),
});
