import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import * as vendorIds from '../../providers/kernel/vendor-ids';
import { LIVE_WHEN, liveVendors } from './live-vendors';

describe('the live vendors the status page lists', () => {
  it('knows when every vendor is live: none is left off the list', () => {
    expect(Object.keys(LIVE_WHEN).sort()).toEqual(Object.values(vendorIds).sort());
  });

  it('is empty on the demo adapters, and names each vendor switched to live', () => {
    expect(liveVendors(loadConfig({}))).toEqual([]);
    const live = liveVendors(
      loadConfig({
        FACEBOOK_ADS_PROVIDER: 'live',
        LSA_PROVIDER: 'live',
        CTM_PROVIDER: 'live',
        CTM_ACCESS_KEY: 'access',
        CTM_SECRET_KEY: 'secret',
        PAGESPEED_PROVIDER: 'live',
      }),
    );
    expect(live.sort()).toEqual(['call-tracking', 'facebook-ads', 'google-ads-lsa', 'pagespeed']);
  });
});
