import { describe, expect, it } from 'vitest';
import { createFbAdsDemo } from './fb-ads-demo';
import { countOf, decimalToCents, leadsOf } from './fb-ads-values';

describe('Graph insights values', () => {
  it('reads decimal spend strings as exact cents, with no float drift', () => {
    expect(decimalToCents('12.34')).toBe(1234);
    expect(decimalToCents('0.5')).toBe(50);
    expect(decimalToCents('7')).toBe(700);
    expect(decimalToCents('0.29')).toBe(29); // 0.29 * 100 is 28.999… as a float
    expect(decimalToCents('1.005')).toBe(101); // half away from zero on the third decimal
    expect(decimalToCents('1.004')).toBe(100);
    expect(decimalToCents('123456789.99')).toBe(12_345_678_999);
    for (const bad of ['', '-1', '1e3', '12,34', 'abc', ' .5'])
      expect(decimalToCents(bad)).toBeNull();
    expect(countOf('1043')).toBe(1043);
    expect(countOf(undefined)).toBe(0);
    expect(countOf('1.5')).toBeNull();
  });

  it('counts leads from `lead`, or the on-Facebook grouped figure when `lead` is absent, never both', () => {
    expect(leadsOf(undefined)).toBe(0);
    expect(
      leadsOf([
        { action_type: 'onsite_conversion.lead_grouped', value: '2' },
        { action_type: 'lead', value: '3' },
      ]),
    ).toBe(3);
    expect(leadsOf([{ action_type: 'onsite_conversion.lead_grouped', value: '2' }])).toBe(2);
    expect(leadsOf([{ action_type: 'link_click', value: '40' }])).toBe(0);
  });

  it('the demo adapter is deterministic and pages through a window', async () => {
    const now = () => new Date('2026-06-01T12:00:00Z');
    const a = createFbAdsDemo({ now, describe: () => ({ trade: 'Roofer' }) });
    const b = createFbAdsDemo({ now, describe: () => ({ trade: 'Roofer' }) });
    const access = { externalAccount: 'act_1', accessToken: null };
    const query = { since: '2026-03-01', until: '2026-06-01', after: null, pageSize: 50 };
    const first = await a.listInsights(access, query);
    expect(first.rows).toHaveLength(50);
    expect(await b.listInsights(access, query)).toEqual(first);
    const second = await a.listInsights(access, { ...query, after: first.after });
    expect(second.rows[0]).not.toEqual(first.rows[0]);
    expect(
      (await a.listCampaigns(access, { after: null, pageSize: 100 })).campaigns.length,
    ).toBeGreaterThanOrEqual(2);
  });
});
