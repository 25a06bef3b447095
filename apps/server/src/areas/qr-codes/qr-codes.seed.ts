import { qrCodes, type qrScans, syncStates, vendorConnections } from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, insertChunked, type SeedContext } from '../../kernel/demo/seed-context';
import { BACKFILL_DAYS } from '../../platform/vendor-sync/backfill';
import { BEACONSTAC_VENDOR } from '../../providers/kernel/vendor-ids';
import { createBeaconstacDemo } from '../../providers/qr/beaconstac-demo';
import { BSTAC_DATASETS } from './beaconstac.sync';
import { createBeaconstacSyncRepository } from './beaconstac-sync.repository';
import { insertScans } from './qr-scan-recorder';

/** Phones scan codes: OS, its browser, and the device kind, by share. */
const AGENTS = [
  { os: 'iOS', browser: 'Mobile Safari', deviceType: 'mobile', share: 0.5 },
  { os: 'Android', browser: 'Chrome', deviceType: 'mobile', share: 0.32 },
  { os: 'Android', browser: 'Samsung Browser', deviceType: 'mobile', share: 0.06 },
  { os: 'iOS', browser: 'Mobile Safari', deviceType: 'tablet', share: 0.05 },
  { os: 'Windows', browser: 'Chrome', deviceType: 'desktop', share: 0.04 },
  { os: 'macOS', browser: 'Safari', deviceType: 'desktop', share: 0.03 },
] as const;
/** The agent whose share covers `roll` (0 ≤ roll < 1). */
function pickAgent(roll: number) {
  let left = roll;
  for (const agent of AGENTS) {
    left -= agent.share;
    if (left < 0) return agent;
  }
  return AGENTS[0];
}
const CODE_NAMES = [
  ['Storefront window', 'https://example.com/'],
  ['Flyer: spring offer', 'https://example.com/offers'],
  ['Business card', 'https://example.com/contact'],
] as const;
const COMPANIES_WITH_CODES = 5;
const COMPANIES_ON_UNIQODE = 1;

/**
 * QR codes for the first active product of the first few companies, with 18 months of
 * scans through our redirect (deterministic from `ctx.random.fork('qr-codes')`), and two of
 * one of those companies connected to the demo Uniqode organisation, synced with the sync's own
 * upsert and cursor so the server's first run re-reads only the last week.
 */
export async function seedQrCodes(ctx: SeedContext, products: SeededProduct[]) {
  const { tx } = ctx;
  const random = ctx.random.fork('qr-codes');
  const chosen: SeededProduct[] = [];
  for (const product of [...products].sort((a, b) => a.companyId - b.companyId || a.id - b.id)) {
    if (product.status !== 'active' || chosen.some((p) => p.companyId === product.companyId))
      continue;
    chosen.push(product);
    if (chosen.length === COMPANIES_WITH_CODES) break;
  }
  const since = ctx.anchor.getTime() - BACKFILL_DAYS * DAY_MS;
  const codes = await tx
    .insert(qrCodes)
    .values(
      chosen.flatMap((product, i) =>
        CODE_NAMES.slice(0, 2 + (i % 2)).map(([name, targetUrl], k) => ({
          companyId: product.companyId,
          productInstanceId: product.id,
          name,
          targetUrl,
          code: random.chars(10, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'),
          createdAt: new Date(Math.max(since, product.start.getTime()) + k * 20 * DAY_MS),
        })),
      ),
    )
    .returning();
  const scans: (typeof qrScans.$inferInsert)[] = [];
  for (const code of codes) {
    const rate = random.between(0.4, 2);
    const visitors = Array.from({ length: 40 }, () => random.chars(16, '0123456789abcdef'));
    for (let day = code.createdAt.getTime(); day < ctx.anchor.getTime(); day += DAY_MS) {
      const weekend = [0, 6].includes(new Date(day).getUTCDay()) ? 1.6 : 1;
      const count = Math.floor(rate * weekend * random.between(0, 2));
      for (let s = 0; s < count; s++) {
        const agent = pickAgent(random.float());
        scans.push({
          qrCodeId: code.id,
          // Daytime in the US: 14:00–03:00 UTC.
          scannedAt: new Date(
            day + (14 + random.int(0, 12)) * 3_600_000 + random.int(0, 3_599_999),
          ),
          os: agent.os,
          browser: agent.browser,
          deviceType: agent.deviceType,
          visitor: random.chance(0.15)
            ? random.pick(visitors)
            : random.chars(16, '0123456789abcdef'),
          city: null,
        });
      }
    }
  }
  await insertChunked(scans, (chunk) => insertScans(tx, chunk), 5_000);

  // Vendor-side codes: the demo organisation of the first company, synced as the sync would.
  const provider = createBeaconstacDemo();
  const repo = createBeaconstacSyncRepository();
  let vendorRows = 0;
  for (const product of chosen.slice(0, COMPANIES_ON_UNIQODE)) {
    const [connection] = await tx
      .insert(vendorConnections)
      .values({
        companyId: product.companyId,
        vendor: BEACONSTAC_VENDOR,
        externalAccount: String(1_000 + product.companyId),
        displayName: 'Uniqode organisation',
        status: 'connected',
        lastSyncedAt: ctx.anchor,
      })
      .returning();
    if (!connection) continue;
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    const page = await provider.listQrCodes(access, { offset: 0, limit: 100 });
    await repo.upsertCodes(tx, connection, page.items, ctx.anchor);
    const rows = await provider.scanReport(access, {
      from: new Date(since).toISOString().slice(0, 10),
      to: new Date(ctx.anchor.getTime() - DAY_MS).toISOString().slice(0, 10),
    });
    vendorRows += await repo.upsertScanDays(tx, connection, rows);
    const cursor = { highWater: ctx.anchor.toISOString() };
    await tx.insert(syncStates).values(
      [BSTAC_DATASETS.codes, BSTAC_DATASETS.scans].map((dataset) => ({
        connectionId: connection.id,
        dataset,
        cursor,
        state: 'idle',
        startedAt: ctx.anchor,
        finishedAt: ctx.anchor,
        itemsSeen: dataset === BSTAC_DATASETS.codes ? page.items.length : rows.length,
        itemsWritten: dataset === BSTAC_DATASETS.codes ? page.items.length : rows.length,
      })),
    );
  }
  return { codes: codes.length, scans: scans.length, vendorRows };
}
