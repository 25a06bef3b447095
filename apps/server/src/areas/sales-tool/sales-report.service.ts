import {
  type AgencyBrand,
  type SalesReport,
  type SalesReportLink,
  salesRecommendationKindSchema,
} from '@pinpoint/contracts';
import { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, gone, notFound } from '../../kernel/lib/app-error';
import { signLink, verifyLink } from '../../kernel/lib/signed-link';
import { renderProspectReportPdf } from './report-pdf';
import { mayWork, NO_SUCH_WORKSPACE } from './sales-access';
import { competitorsOf, loadLatestGrids } from './sales-analysis';
import type { SalesReportContainer, SalesReportRepository } from './sales-report.repository';

export const REPORT_LINK_INVALID_MESSAGE = 'This report link is not valid.';
export const REPORT_LINK_EXPIRED_MESSAGE =
  'This report link has expired. Ask whoever sent it for a new one.';
const DAY_MS = 86_400_000;
/** Leaders listed under each keyword's heatmap. */
const LEADERS_PER_GRID = 8;
export const AGENCY_LOGO_PATH = '/api/public/agency-logo';

const linkInvalid = () => new AppError(400, 'LINK_INVALID', REPORT_LINK_INVALID_MESSAGE);
const linkExpired = () => gone(REPORT_LINK_EXPIRED_MESSAGE, 'LINK_EXPIRED');

export interface SalesReportServiceDeps {
  db: Db;
  repo: SalesReportRepository;
  /** The link-signing secret (lib/signed-link.ts); held here only, never sent or logged. */
  secret: Buffer;
  agency: AppConfig['agency'];
  /** The logo as the PDF embeds it (prepared once at start-up), or null. */
  logo: Buffer | null;
  clock?: () => Date;
}

/**
 * The shared prospect report: a signed, expiring link anyone holding it can open, its data
 * (that container's business, grids, competitors seen in those grids, listings, page speed,
 * recommendations) and its PDF. Links and the employee's own PDF are for the container's
 * owner and admins; anyone else gets 404, so container ids cannot be probed.
 */
export function createSalesReportService(deps: SalesReportServiceDeps) {
  const { repo, secret, clock = () => new Date() } = deps;

  async function ownedContainer(principal: Principal, id: number) {
    const container = await repo.container(id);
    // The power tool's one rule: the owner or an admin (404 for anyone else).
    if (!container || !mayWork(principal, container)) throw notFound(NO_SUCH_WORKSPACE);
    return container;
  }

  async function sharedContainer(token: string) {
    const check = verifyLink(secret, 'prospect-report', token, clock());
    if (!check.ok) throw check.reason === 'expired' ? linkExpired() : linkInvalid();
    const container = await repo.container(check.subjectId);
    // A genuine link to a workspace deleted since then leads nowhere.
    if (!container) throw notFound(NO_SUCH_WORKSPACE);
    return { container, expiresAt: check.expiresAt };
  }

  /** `base`: PUBLIC_URL's origin, or '' for same-origin paths (never a request's Host). */
  function brand(base: string): AgencyBrand {
    const { agency } = deps;
    return {
      name: agency.name,
      logoUrl: agency.logoFile ? `${base}${AGENCY_LOGO_PATH}` : null,
      primaryColor: agency.primaryColor,
      accentColor: agency.accentColor,
      email: agency.email,
      phone: agency.phone,
    };
  }

  async function buildReport(
    container: SalesReportContainer,
    expiresAt: Date,
    pdfUrl: string,
    base: string,
  ): Promise<SalesReport> {
    const { business } = container;
    const order = new Map(container.keywords.map((k, i) => [k.trim().toLowerCase(), i]));
    const grids = (await loadLatestGrids(deps.db, container.companyId))
      // A grid that measured nothing yet has no picture to give.
      .filter((grid) => grid.pointsDone > 0)
      // The employee's keyword order first; other keywords after, newest first.
      .map((grid, i) => ({ grid, rank: order.get(grid.keyword.trim().toLowerCase()) ?? 100 + i }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ grid }) => grid);
    const self = { name: business.name, placeId: business.googlePlaceId };
    const recommendations = await repo.recommendations(container.id);
    return {
      brand: brand(base),
      business: {
        name: business.name,
        address: addressOf(business),
        website: business.website,
        category: business.category,
        rating: container.rating,
        reviewCount: container.reviewCount,
      },
      preparedBy: container.ownerName,
      generatedAt: clock().toISOString(),
      expiresAt: expiresAt.toISOString(),
      grids: grids.map((grid) => ({
        keyword: grid.keyword,
        size: grid.size,
        radius: grid.radius,
        unit: grid.unit,
        finishedAt: grid.finishedAt?.toISOString() ?? null,
        metrics: grid.metrics,
        ranks: grid.ranks,
        leaders: competitorsOf([grid], self).slice(0, LEADERS_PER_GRID),
      })),
      competitors: competitorsOf(grids, self),
      listings: container.listings,
      pageSpeed: container.pageSpeed,
      recommendations: recommendations.map((rec) => ({
        title: rec.title,
        body: rec.body,
        kind: salesRecommendationKindSchema.catch('keyword').parse(rec.kind),
        evidence: z.array(z.string()).catch([]).parse(rec.evidence),
      })),
      pdfUrl,
    };
  }

  async function pdfOf(container: SalesReportContainer, expiresAt: Date) {
    const report = await buildReport(container, expiresAt, '', '');
    return {
      pdf: await renderProspectReportPdf(report, deps.logo),
      filename: reportFilename(container.business.name),
    };
  }

  return {
    /**
     * A link to the container's report, lasting `days`. `origin` is where the web app is
     * served (PUBLIC_URL or the proven Origin of this state-changing request). Sharing moves
     * a container in prospecting to `shared`.
     */
    async createLink(
      principal: Principal,
      containerId: number,
      /** One of SALES_REPORT_LINK_DAYS (the request schema checks it). */
      days: number,
      origin: string,
    ): Promise<SalesReportLink> {
      const container = await ownedContainer(principal, containerId);
      const expiresAt = new Date(clock().getTime() + days * DAY_MS);
      // The token carries whole seconds; report the expiry the token really has.
      expiresAt.setUTCMilliseconds(0);
      const token = signLink(secret, 'prospect-report', container.id, expiresAt);
      await repo.markShared(container.id);
      return {
        url: withToken(origin, '/shared/prospect-report', token),
        pdfUrl: withToken(origin, '/api/public/prospect-report.pdf', token),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * The public page's data. `publicOrigin` is PUBLIC_URL's origin or null: a public GET
     * has no proven origin, so without PUBLIC_URL the URLs are same-origin paths.
     */
    async readShared(token: string, publicOrigin: string | null): Promise<SalesReport> {
      const { container, expiresAt } = await sharedContainer(token);
      const base = publicOrigin ?? '';
      const pdfUrl = withToken(base, '/api/public/prospect-report.pdf', token);
      return buildReport(container, expiresAt, pdfUrl, base);
    },

    async sharedPdf(token: string) {
      const { container, expiresAt } = await sharedContainer(token);
      return pdfOf(container, expiresAt);
    },

    /** The owner's (or an admin's) PDF, before or without sharing a link. */
    async ownPdf(principal: Principal, containerId: number) {
      const container = await ownedContainer(principal, containerId);
      return pdfOf(container, clock());
    },
  };
}

function withToken(base: string, path: string, token: string): string {
  return `${base}${path}?token=${encodeURIComponent(token)}`;
}

function addressOf(b: SalesReportContainer['business']): string | null {
  const region = [b.state, b.postalCode].filter(Boolean).join(' ');
  const parts = [b.addressLine1, b.addressLine2, b.city, region].filter((part) => part?.trim());
  return parts.length > 0 ? parts.join(', ') : null;
}

/** `Riverside Plumbing & Drain` → `riverside-plumbing-drain-report.pdf` (header-safe ASCII). */
export function reportFilename(businessName: string): string {
  const slug = businessName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'prospect'}-report.pdf`;
}
