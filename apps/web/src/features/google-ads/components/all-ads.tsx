import type { DayRange } from '@pinpoint/contracts';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { formatCount } from '../../../lib/format';
import { useGoogleAdsInfo } from '../api/get-ad-info';
import { useGoogleAdsAds } from '../api/get-all-ads';
import { GOOGLE_ADS_PAGE_SIZE } from '../api/google-ads-request';
import { AdCard } from './ad-card';
import { ImageAssets } from './image-assets';

type Status = 'ENABLED' | 'PAUSED';
const STATUS_OPTIONS = optionsOf<Status>(['ENABLED', 'PAUSED'], {
  ENABLED: 'Enabled',
  PAUSED: 'Paused',
});

/** Every ad of the account, filterable by status and paged, with its figures for the range. */
function AdsList({ productId, range }: { productId: number; range: DayRange }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status | undefined>();
  const ads = useGoogleAdsAds(productId, range, page, status);
  const info = useGoogleAdsInfo(productId);
  const pages = ads.data ? Math.max(1, Math.ceil(ads.data.total / GOOGLE_ADS_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="gads-ads-title">
      <h2 id="gads-ads-title" className="h5">
        Ads
      </h2>
      {info.data && (
        <p className="small text-body-secondary">
          {formatCount(info.data.total)} ads ({formatCount(info.data.enabled)} enabled,{' '}
          {formatCount(info.data.paused)} paused) in {formatCount(info.data.adGroups)} ad groups of{' '}
          {formatCount(info.data.campaigns)} campaigns.
        </p>
      )}
      <FilterSelect
        id="gads-ad-status"
        label="Status"
        allLabel="All ads"
        className="mb-3"
        style={{ maxWidth: 220 }}
        value={status}
        options={STATUS_OPTIONS}
        onChange={(next) => {
          setStatus(next ?? undefined);
          setPage(1);
        }}
      />
      {ads.isPending ? (
        <Loading what="the ads" />
      ) : ads.isError ? (
        <LoadError what="The ads" error={ads.error} onRetry={() => void ads.refetch()} />
      ) : ads.data.rows.length === 0 ? (
        <p className="text-body-secondary">No ads with this status.</p>
      ) : (
        <>
          <Row xs={1} lg={2} className="g-3" aria-busy={ads.isFetching}>
            {ads.data.rows.map((ad) => (
              <Col key={ad.id}>
                <AdCard ad={ad} />
              </Col>
            ))}
          </Row>
          <Pager label="Ad pages" page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The all-ads sub-page's content: the ads for the chosen range, then the image assets. */
export function AllAds({ productId, range }: { productId: number; range: DayRange }) {
  return (
    <>
      <AdsList key={`${range.from}:${range.to}`} productId={productId} range={range} />
      <ImageAssets productId={productId} />
    </>
  );
}
