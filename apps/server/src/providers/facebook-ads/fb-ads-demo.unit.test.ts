import { describe, expect, it } from 'vitest';
import { createFbAdsDemo } from './fb-ads-demo';

const access = { externalAccount: 'act_900000123', accessToken: null };

/** Every lead of every ad created after `after`, as the leads sync would read them. */
async function allLeads(provider: ReturnType<typeof createFbAdsDemo>, after: Date) {
  const { ads } = await provider.listAds(access, { after: null, pageSize: 100 });
  const leads = [];
  for (const ad of ads) {
    let cursor: string | null = null;
    do {
      const page = await provider.listLeads(access, {
        adId: ad.adId,
        createdAfter: after,
        after: cursor,
        pageSize: 7,
      });
      leads.push(...page.leads);
      cursor = page.after;
    } while (cursor);
  }
  return leads;
}

describe('the demo lead ads', () => {
  it("lists, for each campaign and day, exactly the insights' leads, today's included as they arrive", async () => {
    for (const at of ['2026-11-22T09:00:00Z', '2026-11-22T15:30:00Z', '2026-11-22T23:59:00Z']) {
      const now = new Date(at);
      const provider = createFbAdsDemo({
        seed: 'test',
        now: () => now,
        describe: () => ({ trade: 'Dentist', phone: '+18135550142' }),
      });
      const { rows } = await provider.listInsights(access, {
        since: '2026-09-01',
        until: '2026-11-22',
        after: null,
        pageSize: 10_000,
      });
      const leads = await allLeads(provider, new Date('2026-08-31T23:59:59Z'));
      const byKey = new Map<string, number>();
      for (const lead of leads) {
        expect(lead.createdTime.getTime()).toBeLessThanOrEqual(now.getTime());
        const key = `${lead.campaignId}|${lead.createdTime.toISOString().slice(0, 10)}`;
        byKey.set(key, (byKey.get(key) ?? 0) + 1);
      }
      for (const row of rows)
        expect(byKey.get(`${row.campaignId}|${row.day}`) ?? 0).toBe(row.leads);
      expect(leads.length).toBe(rows.reduce((sum, r) => sum + r.leads, 0));
      expect(leads.length).toBeGreaterThan(0);
      // Tampa's area codes, as the business's own number says.
      for (const lead of leads) {
        const phone = lead.fieldData.find((f) => f.name === 'phone_number')?.values[0] ?? '';
        expect(phone).toMatch(/^\+1(813|727)555\d{4}$/);
      }
    }
  });

  it('gives the same lead the same id, time and answers on every read', async () => {
    const a = await allLeads(
      createFbAdsDemo({ seed: 'test', now: () => new Date('2026-11-22T12:00:00Z') }),
      new Date('2026-11-01T00:00:00Z'),
    );
    const b = await allLeads(
      createFbAdsDemo({ seed: 'test', now: () => new Date('2026-12-05T12:00:00Z') }),
      new Date('2026-11-01T00:00:00Z'),
    );
    const later = new Map(b.map((lead) => [lead.leadgenId, lead]));
    expect(a.length).toBeGreaterThan(0);
    for (const lead of a) expect(later.get(lead.leadgenId)).toEqual(lead);
  });
});
