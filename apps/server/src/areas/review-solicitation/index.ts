import { defineArea } from '../../platform/composition/area';
import { registerSolicitation } from './solicitation.plugin';
import { seedSolicitation } from './solicitation.seed';

/** Review requests to a client's own customers, by email and SMS. */
export const reviewSolicitationArea = defineArea({
  name: 'review-solicitation',
  needs: [],
  register: (app, { config, scheduleTicks }) =>
    registerSolicitation(app, {
      scheduleTicks,
      publicUrl: config.publicUrl,
      linkSecret: config.linkSecret,
      agencyName: config.agency.name,
      sendExpireSeconds: config.jobs.expireSeconds?.['solicitation.send'],
      recoverSends: config.jobs.workers,
      twilioAuthToken:
        config.messaging.sms.mode === 'twilio' ? (config.messaging.sms.authToken ?? null) : null,
    }),
  seed: (ctx, demo) => seedSolicitation(ctx, demo.products),
});
