import {
  CPANEL_PEER_TOKEN,
  CPANEL_PEER_USER,
  type RunningCpanelPeer,
  startCpanelPeer,
} from '@pinpoint/fake-vendors/cpanel-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpanelLive } from './cpanel-live';
import { createHostingDemo } from './hosting-demo';

let peer: RunningCpanelPeer;
const calls: boolean[] = [];
const access = { externalAccount: CPANEL_PEER_USER, accessToken: CPANEL_PEER_TOKEN };
const live = () =>
  createCpanelLive({
    baseUrl: peer.base,
    timeoutMs: 5_000,
    recordCall: async (_v, ok) => {
      calls.push(ok);
    },
  });
const epoch = (month: string) => String(Date.parse(`${month}-01T00:00:00Z`) / 1000);

beforeAll(async () => {
  peer = await startCpanelPeer();
  peer.state.bandwidth = {
    [epoch('2026-09')]: 3 * 1024 * 1024 * 1024,
    [epoch('2026-10')]: 1536 * 1024 * 1024,
    [epoch('2025-01')]: 99,
  };
  peer.state.certs = [
    {
      'subject.commonName': 'old.example',
      'issuer.organizationName': 'Old CA',
      not_after: 1_700_000_000,
      domains: ['old.example'],
    },
    {
      'subject.commonName': 'harborroofing.example',
      'issuer.organizationName': "Let's Encrypt",
      not_after: 1_798_761_600,
      domains: ['harborroofing.example', 'www.harborroofing.example'],
    },
  ];
});
afterAll(() => peer.close());

describe('cPanel UAPI live hosting adapter', () => {
  it('reads plan, domain, disk quota and the main domain’s certificate with the API token', async () => {
    const account = await live().getAccount(access);
    expect(account).toEqual({
      plan: 'Business_20GB',
      domain: 'harborroofing.example',
      domainRenewsOn: null,
      diskQuotaMb: 20_480,
      bandwidthQuotaMb: null,
      diskUsedMb: 4211,
      ssl: {
        issuer: "Let's Encrypt",
        subject: 'harborroofing.example',
        expiresAt: new Date(1_798_761_600_000),
      },
    });
    expect(peer.requests.map((r) => r.path)).toEqual([
      '/execute/Variables/get_user_information',
      '/execute/Quota/get_quota_info',
      '/execute/SSL/list_certs',
    ]);
    expect(peer.requests[0]?.authorization).toBe(`cpanel ${CPANEL_PEER_USER}:${CPANEL_PEER_TOKEN}`);
  });

  it('reads monthly transfer from Bandwidth/query (year_month), every month of the range', async () => {
    const months = await live().listMonths(access, { from: '2026-08-01', to: '2026-10-01' });
    const query = peer.requests.at(-1)?.query;
    expect(query).toMatchObject({
      grouping: 'year_month',
      interval: 'monthly',
      start: epoch('2026-08'),
    });
    expect(months).toEqual([
      { month: '2026-08-01', bandwidthUsedMb: 0, diskUsedMb: null },
      { month: '2026-09-01', bandwidthUsedMb: 3072, diskUsedMb: null },
      { month: '2026-10-01', bandwidthUsedMb: 1536, diskUsedMb: null },
    ]);
  });

  it('maps a refused token, an outage and UAPI’s status 0 to vendor errors without the token', async () => {
    peer.failNext(401);
    await expect(live().getAccount(access)).rejects.toMatchObject({
      code: 'auth',
      needsAttention: true,
    });
    peer.failNext(503);
    await expect(live().getAccount(access)).rejects.toMatchObject({
      code: 'unavailable',
      retryAfterMs: 1000,
    });
    peer.failNext(0);
    const error = (await live()
      .getAccount(access)
      .catch((e: unknown) => e)) as Error;
    expect(error).toMatchObject({ code: 'invalid' });
    expect(error.message).toContain('temporarily unable');
    expect(error.message).not.toContain(CPANEL_PEER_TOKEN);
    await expect(live().getAccount({ ...access, accessToken: null })).rejects.toMatchObject({
      code: 'auth',
    });
    expect(calls).toContain(false);
  });
});

describe('demo hosting adapter', () => {
  const at = new Date('2026-11-15T12:00:00Z');
  const demo = createHostingDemo({ now: () => at });
  const a = { externalAccount: 'harborroof', accessToken: null };

  it('is deterministic per account and clock', async () => {
    const again = createHostingDemo({ now: () => at });
    expect(await demo.getAccount(a)).toEqual(await again.getAccount(a));
    expect(await demo.listMonths(a, { from: '2025-06-01', to: '2026-11-01' })).toEqual(
      await again.listMonths(a, { from: '2025-06-01', to: '2026-11-01' }),
    );
    expect((await demo.getAccount({ ...a, externalAccount: 'otherco' })).domain).not.toBe(
      (await demo.getAccount(a)).domain,
    );
  });

  it('grows disk month to month within the quota; SSL valid and renewal ahead', async () => {
    const account = await demo.getAccount(a);
    const months = await demo.listMonths(a, { from: '2025-06-01', to: '2026-11-01' });
    expect(months).toHaveLength(18);
    const disks = months.map((m) => m.diskUsedMb ?? 0);
    expect(disks.at(-1)).toBeGreaterThan(disks[0] ?? 0);
    expect(Math.max(...disks)).toBeLessThanOrEqual(account.diskQuotaMb ?? Number.POSITIVE_INFINITY);
    expect(months.every((m) => m.bandwidthUsedMb > 0)).toBe(true);
    expect(account.ssl?.expiresAt.getTime()).toBeGreaterThan(at.getTime());
    expect(account.ssl?.expiresAt.getTime()).toBeLessThanOrEqual(at.getTime() + 90 * 86_400_000);
    expect((account.domainRenewsOn ?? '') > '2026-11-15').toBe(true);
  });
});
