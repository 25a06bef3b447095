import {
  type ScanLinkDays,
  type ScanShareLink,
  SHARED_POINT_TOP_NAMES,
  SHARED_SCAN_COMPETITORS,
  type SharedScan,
  scanStatusSchema,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { AppError, gone, notFound } from '../../kernel/lib/app-error';
import { signLink, verifyLink } from '../../kernel/lib/signed-link';
import type { RankGridRepository } from '../rank-grid';

export const SCAN_LINK_INVALID_MESSAGE = 'This scan link is not valid.';
export const SCAN_LINK_EXPIRED_MESSAGE =
  'This scan link has expired. Ask whoever sent it for a new one.';
const SCAN_NOT_FOUND = 'Scan not found.';
const DAY_MS = 86_400_000;

const linkInvalid = () => new AppError(400, 'LINK_INVALID', SCAN_LINK_INVALID_MESSAGE);
const linkExpired = () => gone(SCAN_LINK_EXPIRED_MESSAGE, 'LINK_EXPIRED');

export interface ScanShareServiceDeps {
  /** The rank grid engine's repository: scans, points and company names are read there. */
  repo: Pick<RankGridRepository, 'scan' | 'points' | 'company'>;
  /** The link-signing secret (lib/signed-link.ts); held here only, never sent or logged. */
  secret: Buffer;
  clock?: () => Date;
}

/** Read-only links to one scan, and what such a link shows. */
export function createScanShareService({
  repo,
  secret,
  clock = () => new Date(),
}: ScanShareServiceDeps) {
  return {
    /**
     * A link anyone holding it can open until it expires. The scan must be one the caller
     * may see (404 otherwise, so scan ids cannot be probed). `origin` is where the web app
     * is served; the token does not depend on it.
     */
    async createLink(
      principal: Principal,
      scanId: number,
      days: ScanLinkDays,
      origin: string,
    ): Promise<ScanShareLink> {
      const scan = await repo.scan(scanId);
      if (!scan || !canAccessClient(principal, scan.companyId)) throw notFound(SCAN_NOT_FOUND);
      const expiresAt = new Date(clock().getTime() + days * DAY_MS);
      // The token carries whole seconds; report the expiry the token really has.
      expiresAt.setUTCMilliseconds(0);
      const url = new URL('/shared/scan', origin);
      url.searchParams.set('token', signLink(secret, 'scan', scanId, expiresAt));
      return { url: url.toString(), expiresAt: expiresAt.toISOString() };
    },

    /**
     * The public page: no session; the token alone names the scan. It shows that scan only:
     * no ids, no requester, and per point the names of the local pack rather than the full
     * result lists.
     */
    async readShared(token: string | undefined): Promise<SharedScan> {
      const check = verifyLink(secret, 'scan', token, clock());
      if (!check.ok) throw check.reason === 'expired' ? linkExpired() : linkInvalid();
      const scan = await repo.scan(check.subjectId);
      // A genuine link to a scan (or company) deleted since then leads nowhere.
      const company = scan ? await repo.company(scan.companyId) : null;
      if (!scan || !company) throw linkInvalid();
      const points = await repo.points(scan.id);
      const status = scanStatusSchema.safeParse(scan.status);
      return {
        company: { name: company.name },
        keyword: scan.keyword,
        size: scan.size,
        radius: scan.radius,
        unit: scan.unit === 'km' ? 'km' : 'mi',
        centre: { lat: scan.centerLat, lng: scan.centerLng },
        status: status.success ? status.data : 'failed',
        createdAt: scan.createdAt.toISOString(),
        finishedAt: scan.finishedAt?.toISOString() ?? null,
        metrics: scan.metrics ?? null,
        points: points.map((point) => ({
          index: point.pointIndex,
          lat: point.lat,
          lng: point.lng,
          state: pointState(point.state),
          rank: point.rank,
          top: point.results.slice(0, SHARED_POINT_TOP_NAMES).map((result) => result.name),
        })),
        competitors: (scan.competitors ?? [])
          .slice(0, SHARED_SCAN_COMPETITORS)
          .map(({ placeId: _hidden, ...competitor }) => competitor),
        expiresAt: check.expiresAt.toISOString(),
      };
    },
  };
}

/** The column is plain text; an unknown value says nothing about visibility. */
function pointState(value: string): SharedScan['points'][number]['state'] {
  return value === 'found' || value === 'not_found' || value === 'error' ? value : 'unmeasured';
}

export type ScanShareService = ReturnType<typeof createScanShareService>;
