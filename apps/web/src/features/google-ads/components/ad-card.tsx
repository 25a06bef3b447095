import type { GoogleAdsAd } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import { formatCents, formatCount, formatPercent } from '../../../lib/format';
import { displayUrl, enumLabel } from '../google-ads-format';

/**
 * One ad as a searcher sees it (headlines joined by "|", the display URL, the descriptions),
 * then where it runs and its figures for the range.
 */
export function AdCard({ ad }: { ad: GoogleAdsAd }) {
  const url = displayUrl(ad.finalUrl);
  const enabled = ad.status === 'ENABLED';
  return (
    <Card as="article" className="h-100" data-testid="gads-ad" aria-label={`Ad ${ad.id}`}>
      <Card.Body>
        <p className="small mb-2">
          <span
            className={`badge ${enabled ? 'text-bg-success' : 'text-bg-secondary'} me-2`}
            data-testid="gads-ad-status"
          >
            {enumLabel(ad.status)}
          </span>
          <span className="text-body-secondary">
            {ad.campaignName} · {ad.adGroupName} · {enumLabel(ad.type)}
          </span>
        </p>
        <div className="border rounded p-3 mb-3 bg-body-tertiary">
          <p className="small mb-1">
            <span className="fw-semibold">Sponsored</span>
            {url && <span className="ms-2 text-body-secondary">{url}</span>}
          </p>
          <p className="fs-6 text-primary-emphasis mb-1" data-testid="gads-ad-headlines">
            {ad.headlines.length > 0 ? ad.headlines.join(' | ') : 'No headlines'}
          </p>
          {ad.descriptions.map((d) => (
            <p key={d} className="small mb-1">
              {d}
            </p>
          ))}
        </div>
        <dl className="row row-cols-2 row-cols-md-4 small mb-0 g-1">
          {[
            ['Impressions', formatCount(ad.metrics.impressions)],
            ['Clicks', formatCount(ad.metrics.clicks)],
            ['CTR', formatPercent(ad.metrics.ctr, 2)],
            ['Spend', formatCents(ad.metrics.costCents)],
            ['Avg. CPC', formatCents(ad.metrics.averageCpcCents)],
            ['Conversions', formatCount(ad.metrics.conversions)],
            ['Cost / conv.', formatCents(ad.metrics.costPerConversionCents)],
          ].map(([label, value]) => (
            <div key={label} className="col">
              <dt className="fw-normal text-body-secondary">{label}</dt>
              <dd className="fw-semibold mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}
