import { defineArea } from '../../platform/composition/area';
import { registerQrCodes } from './qr-codes.plugin';
import { seedQrCodes } from './qr-codes.seed';

/** QR codes: their scans, the redirect, and the Beaconstac sync. */
export const qrCodesArea = defineArea({
  name: 'qr-codes',
  needs: [],
  register: (app, context) => registerQrCodes(app, context),
  seed: (ctx, demo) => seedQrCodes(ctx, demo.products),
});
