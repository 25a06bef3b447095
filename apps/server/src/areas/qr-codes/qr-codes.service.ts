import { randomBytes } from 'node:crypto';
import {
  addCalendarDays,
  QR_PAGE_SIZE,
  QR_REDIRECT_PREFIX,
  type QrAnalytics,
  type QrCode,
  type QrCodeList,
  type qrAnalyticsRequestSchema,
  type qrCodeInputSchema,
  type qrCodeUpdateSchema,
  type qrListQuerySchema,
  qrStatusSchema,
  rangeInstants,
} from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { vendorConnections } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { badRequest, notFound } from '../../kernel/lib/app-error';
import { productAccess } from '../../platform/product-access/product-access';
import { BEACONSTAC_VENDOR } from '../../providers/kernel/vendor-ids';
import type { QrAnalyticsRepository, Slice } from './qr-analytics.repository';
import type { QrCodesRepository, QrCodeWithScans } from './qr-codes.repository';

type ListQuery = z.output<typeof qrListQuerySchema>;
type CreateInput = z.output<typeof qrCodeInputSchema>;
type UpdateInput = z.output<typeof qrCodeUpdateSchema>;
type AnalyticsInput = z.output<typeof qrAnalyticsRequestSchema>;

export interface QrCodesServiceDeps {
  db: Db;
  repo: QrCodesRepository;
  analytics: QrAnalyticsRepository;
  /** PUBLIC_URL, when set: the origin printed codes point at. */
  publicUrl: string | null;
  /** Tells the redirect's cache a code changed (target, status) or is gone. */
  changed?: (code: string) => void;
}

/** 10 URL-safe characters from 60 random bits: not guessable, short enough to scan well. */
export function newQrCode(): string {
  return randomBytes(8).toString('base64url').slice(0, 10);
}

/** The origin our redirect lives on: PUBLIC_URL, else the origin the caller used. */
export function redirectOrigin(publicUrl: string | null, requestOrigin: string): string {
  return (publicUrl ?? requestOrigin).replace(/\/+$/, '');
}

function invalidTarget(message: string) {
  return badRequest('The QR code is not valid.', [{ path: 'body.targetUrl', message }]);
}

/** Adds slices of the same label (ours and the vendor's), largest first. */
function mergeSlices(...lists: Slice[][]): Slice[] {
  const totals = new Map<string, number>();
  for (const slice of lists.flat())
    totals.set(slice.label, (totals.get(slice.label) ?? 0) + slice.scans);
  return [...totals]
    .map(([label, scans]) => ({ label, scans }))
    .sort((a, b) => b.scans - a.scans || a.label.localeCompare(b.label))
    .slice(0, 12);
}

/**
 * QR codes of a product instance. Company members and staff who may see the company may
 * view and also create, edit, archive and delete its codes (the agency makes codes for
 * clients; clients make their own): every route is `productOf`, and each object is
 * checked against the product.
 */
export function createQrCodesService(deps: QrCodesServiceDeps) {
  const { repo } = deps;

  /** Any product of a company the caller may see has QR codes: no report check. */
  async function productOf(principal: Principal, productId: number) {
    return (await productAccess(deps.db, principal, productId)).product;
  }

  function toCode(row: QrCodeWithScans, origin: string): QrCode {
    return {
      id: row.id,
      name: row.name,
      targetUrl: row.targetUrl,
      code: row.code,
      redirectUrl: `${origin}${QR_REDIRECT_PREFIX}${row.code}`,
      status: qrStatusSchema.parse(row.status),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      scans: row.scans,
      lastScanAt: row.lastScanAt?.toISOString() ?? null,
    };
  }

  /** A target that is one of our own redirects would loop. */
  function checkNotOurRedirect(targetUrl: string, origin: string) {
    const target = new URL(targetUrl);
    const ours = new URL(origin);
    if (target.host === ours.host && target.pathname.startsWith(QR_REDIRECT_PREFIX)) {
      throw invalidTarget('The address cannot be another QR code’s redirect.');
    }
  }

  async function codeOf(principal: Principal, productId: number, id: number) {
    await productOf(principal, productId);
    const row = await repo.get(productId, id);
    if (!row) throw notFound('No such QR code.');
    return row;
  }

  return {
    async list(
      principal: Principal,
      productId: number,
      query: ListQuery,
      origin: string,
    ): Promise<QrCodeList> {
      await productOf(principal, productId);
      const { items, total } = await repo.list(productId, query.status, query.page, QR_PAGE_SIZE);
      const base = redirectOrigin(deps.publicUrl, origin);
      return {
        items: items.map((row) => toCode(row, base)),
        total,
        page: query.page,
        pageSize: QR_PAGE_SIZE,
        canEdit: true,
      };
    },

    async get(principal: Principal, productId: number, id: number, origin: string) {
      return toCode(await codeOf(principal, productId, id), redirectOrigin(deps.publicUrl, origin));
    },

    async create(principal: Principal, productId: number, input: CreateInput, origin: string) {
      const product = await productOf(principal, productId);
      const base = redirectOrigin(deps.publicUrl, origin);
      checkNotOurRedirect(input.targetUrl, base);
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await repo.insert({
          companyId: product.companyId,
          productInstanceId: productId,
          name: input.name,
          targetUrl: input.targetUrl,
          code: newQrCode(),
          createdBy: principal.userId,
        });
        if (row) return toCode({ ...row, scans: 0, lastScanAt: null }, base);
      }
      throw new Error('Could not draw an unused QR code');
    },

    async update(
      principal: Principal,
      productId: number,
      id: number,
      input: UpdateInput,
      origin: string,
    ) {
      const row = await codeOf(principal, productId, id);
      const base = redirectOrigin(deps.publicUrl, origin);
      if (input.targetUrl !== undefined) checkNotOurRedirect(input.targetUrl, base);
      await repo.update(productId, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.targetUrl !== undefined && { targetUrl: input.targetUrl }),
      });
      deps.changed?.(row.code);
      return toCode(await codeOf(principal, productId, id), base);
    },

    async setStatus(
      principal: Principal,
      productId: number,
      id: number,
      status: 'active' | 'archived',
      origin: string,
    ) {
      const row = await codeOf(principal, productId, id);
      await repo.update(productId, id, { status });
      deps.changed?.(row.code);
      return toCode(await codeOf(principal, productId, id), redirectOrigin(deps.publicUrl, origin));
    },

    async remove(principal: Principal, productId: number, id: number) {
      const row = await codeOf(principal, productId, id);
      await repo.remove(productId, id);
      deps.changed?.(row.code);
      return { deleted: true as const };
    },

    /** The code's image: PNG (1024 px, quiet zone 4) or SVG, of the redirect URL. */
    async image(
      principal: Principal,
      productId: number,
      id: number,
      format: 'png' | 'svg',
      origin: string,
    ) {
      const row = await codeOf(principal, productId, id);
      const url = `${redirectOrigin(deps.publicUrl, origin)}${QR_REDIRECT_PREFIX}${row.code}`;
      const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
      const fileName = `qr-${row.name.replace(/[^\w-]+/g, '-').slice(0, 40) || 'code'}.${format}`;
      if (format === 'svg') {
        return {
          fileName,
          bytes: Buffer.from(await QRCode.toString(url, { ...options, type: 'svg' })),
        };
      }
      return {
        fileName,
        bytes: await QRCode.toBuffer(url, { ...options, type: 'png', width: 1024 }),
      };
    },

    /** The company's QR organisations at the vendor. */
    async vendorConnectionsOf(companyId: number) {
      return deps.db
        .select()
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.companyId, companyId),
            eq(vendorConnections.vendor, BEACONSTAC_VENDOR),
          ),
        );
    },

    productOf,

    /**
     * Scans over the range: our codes of this product and the company's vendor-side codes
     * (or one code, or one source). Unique visitors are unique per day, summed.
     */
    async analytics(
      principal: Principal,
      productId: number,
      input: AnalyticsInput,
    ): Promise<QrAnalytics> {
      if (input.codeId !== undefined && input.source === 'all') {
        throw badRequest('Name the source of the code.', [
          { path: 'body.source', message: 'Choose ours or vendor with a code.' },
        ]);
      }
      const product = await productOf(principal, productId);
      const tz = input.tz ?? 'UTC';
      const { start, end } = rangeInstants({ from: input.from, to: input.to }, tz);
      const withOurs = input.source !== 'vendor';
      const withVendor = input.source !== 'ours';
      const codeId = input.codeId;
      const connections = withVendor ? await this.vendorConnectionsOf(product.companyId) : [];
      const scope = withVendor
        ? await deps.analytics.vendorScope(
            connections.map((c) => c.id),
            input.source === 'vendor' ? codeId : undefined,
          )
        : [];
      const ourCode = input.source === 'ours' ? codeId : undefined;
      const a = deps.analytics;
      const [ourDays, os, browsers, devices, cities] = withOurs
        ? await Promise.all([
            a.ourDays(productId, ourCode, start, end, tz),
            a.ourBreakdown('os', productId, ourCode, start, end),
            a.ourBreakdown('browser', productId, ourCode, start, end),
            a.ourBreakdown('deviceType', productId, ourCode, start, end),
            a.ourBreakdown('city', productId, ourCode, start, end),
          ])
        : [[], [], [], [], []];
      const [vDays, vOs, vCities, vLocations] = await Promise.all(
        (['visitors', 'os', 'city', 'location'] as const).map((d) =>
          a.vendorDimension(scope, d, input.from, input.to),
        ),
      );
      const byDay = new Map<string, { scans: number; visitors: number }>();
      for (const d of ourDays) byDay.set(d.day, { scans: d.scans, visitors: d.visitors });
      for (const d of vDays ?? []) {
        const known = byDay.get(d.label) ?? { scans: 0, visitors: 0 };
        byDay.set(d.label, { scans: known.scans + d.scans, visitors: known.visitors + d.visitors });
      }
      const days = [];
      for (let day = input.from; day <= input.to; day = addCalendarDays(day, 1)) {
        days.push({ day, ...(byDay.get(day) ?? { scans: 0, visitors: 0 }) });
      }
      const synced = connections
        .map((c) => c.lastSyncedAt)
        .filter((at): at is Date => at !== null)
        .sort((x, y) => y.getTime() - x.getTime())[0];
      return {
        from: input.from,
        to: input.to,
        days,
        totals: {
          scans: days.reduce((s, d) => s + d.scans, 0),
          visitors: days.reduce((s, d) => s + d.visitors, 0),
        },
        os: mergeSlices(os, vOs ?? []),
        browsers,
        devices,
        cities: mergeSlices(cities, vCities ?? []),
        locations: (vLocations ?? []).map((l) => ({
          label: l.label,
          scans: l.scans,
          latitude: l.latitude,
          longitude: l.longitude,
        })),
        vendorSyncedAt: connections.length ? (synced?.toISOString() ?? null) : null,
      };
    },
  };
}
export type QrCodesService = ReturnType<typeof createQrCodesService>;
