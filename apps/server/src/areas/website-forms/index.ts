import { defineArea } from '../../platform/composition/area';
import { leadsCenterArea } from '../leads-center';
import { websitesArea } from '../websites';
import { websiteFormsPlugin } from './website-forms.plugin';
import { seedFormSubmissions } from './website-forms.seed';

/** Contact-form submissions of the website products; each is a lead for the leads center. */
export const websiteFormsArea = defineArea({
  name: 'website-forms',
  needs: [websitesArea, leadsCenterArea],
  register: async (app, _context, needs) => {
    await app.register(websiteFormsPlugin, { leadsCenter: needs['leads-center'].leadsCenter });
  },
  seed: (ctx, demo) => seedFormSubmissions(ctx, demo.products),
});
