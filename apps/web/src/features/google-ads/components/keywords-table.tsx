import type { DayRange } from '@pinpoint/contracts';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatCents, formatCount, formatPercent } from '../../../lib/format';
import { useGoogleAdsKeywords } from '../api/get-keywords';
import { GOOGLE_ADS_PAGE_SIZE } from '../api/google-ads-request';
import { enumLabel } from '../google-ads-format';

const numeric = 'text-end text-nowrap';

/** The keywords by clicks in the range, with match type and Google's quality score (1–10). */
export function KeywordsTable({ productId, range }: { productId: number; range: DayRange }) {
  const [page, setPage] = useState(1);
  const keywords = useGoogleAdsKeywords(productId, range, page);
  const title = 'Top keywords';
  const pages = keywords.data
    ? Math.max(1, Math.ceil(keywords.data.total / GOOGLE_ADS_PAGE_SIZE))
    : 1;
  return (
    <section aria-labelledby="gads-keywords-title" className="mt-4">
      <h3 id="gads-keywords-title" className="h6">
        {title}
      </h3>
      {keywords.isPending ? (
        <Loading what="the keywords" />
      ) : keywords.isError ? (
        <LoadError
          what="The keywords"
          error={keywords.error}
          onRetry={() => void keywords.refetch()}
        />
      ) : keywords.data.rows.length === 0 ? (
        <p className="text-body-secondary">No keywords in this account.</p>
      ) : (
        <>
          <ScrollingTable label={title}>
            <Table size="sm" aria-label={title} aria-busy={keywords.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Keyword</th>
                  <th scope="col">Match type</th>
                  <th scope="col" className={numeric}>
                    Quality score
                  </th>
                  <th scope="col" className={numeric}>
                    Impressions
                  </th>
                  <th scope="col" className={numeric}>
                    Clicks
                  </th>
                  <th scope="col" className={numeric}>
                    CTR
                  </th>
                  <th scope="col" className={numeric}>
                    Spend
                  </th>
                  <th scope="col" className={numeric}>
                    Conversions
                  </th>
                </tr>
              </thead>
              <tbody>
                {keywords.data.rows.map((k) => (
                  <tr key={k.id} data-testid="gads-keyword">
                    <th scope="row" className="fw-normal">
                      {k.text}
                      <span className="d-block small text-body-secondary">
                        {k.campaignName}
                        {k.status !== 'ENABLED' && ` · ${enumLabel(k.status)}`}
                      </span>
                    </th>
                    <td>{enumLabel(k.matchType)}</td>
                    <td className={numeric}>
                      {k.qualityScore === null ? '—' : `${k.qualityScore}/10`}
                    </td>
                    <td className={numeric}>{formatCount(k.metrics.impressions)}</td>
                    <td className={numeric}>{formatCount(k.metrics.clicks)}</td>
                    <td className={numeric}>{formatPercent(k.metrics.ctr, 2)}</td>
                    <td className={numeric}>{formatCents(k.metrics.costCents)}</td>
                    <td className={numeric}>{formatCount(k.metrics.conversions)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollingTable>
          <Pager label="Keyword pages" page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
