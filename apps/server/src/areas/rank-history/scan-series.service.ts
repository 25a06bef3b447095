import type { ScanSeries, ScanSeriesQuery } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { notFound } from '../../kernel/lib/app-error';
import { SCAN_NOT_FOUND } from './rank-history.service';
import type { ScanSeriesRepository } from './scan-series.repository';

/** The comparable scans of a scan (same company and settings); ownership is checked here. */
export function createScanSeriesService({ repo }: { repo: ScanSeriesRepository }) {
  return {
    async series(
      principal: Principal,
      scanId: number,
      query: ScanSeriesQuery,
    ): Promise<ScanSeries> {
      const key = await repo.scanKey(scanId);
      // 404 both for a missing scan and another company's, so scan ids cannot be probed.
      if (!key || !canAccessClient(principal, key.companyId)) throw notFound(SCAN_NOT_FOUND);
      const { rows, total } = await repo.page(key, query.limit, query.offset);
      return {
        scanId,
        keyword: key.keyword,
        size: key.size,
        radius: key.radius,
        unit: key.unit === 'km' ? 'km' : 'mi',
        total,
        limit: query.limit,
        offset: query.offset,
        scans: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },
  };
}
