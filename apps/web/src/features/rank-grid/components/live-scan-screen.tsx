import type { ScanQuota } from '@pinpoint/contracts';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { RankLegend } from '../../../components/rank-grid/rank-legend';
import { RankMap } from '../../../components/rank-grid/rank-map';
import { ScanProgress } from '../../../components/rank-grid/scan-progress';
import { useLiveScan } from '../../../components/rank-grid/use-live-scan';
import { ApiError } from '../../../lib/api-client';
import { useBusiness } from '../api/get-business';
import { useScanQuota } from '../api/get-scan-quota';
import { useRequestScan } from '../api/request-scan';
import {
  checkScanForm,
  fieldOf,
  previewGrid,
  type ScanFormField,
  type ScanFormValues,
} from '../scan-form';
import { LiveScanForm } from './live-scan-form';
import { PointsTable } from './points-table';

export interface LiveScanScreenProps {
  /** The client company scanned; null for a trial lead (the server uses their trial company). */
  companyId: number | null;
  /** Where the grid starts; without it, the company's own location. */
  defaultCentre?: { lat: number; lng: number } | null;
  businessName?: string;
  viewHref: (scanId: number) => string;
  trial?: boolean;
}

function QuotaLine({ quota, points }: { quota: ScanQuota; points: number | null }) {
  const resets = new Date(quota.resetsAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  });
  const over = points !== null && points > quota.points.remaining;
  const noScans = quota.scans !== null && quota.scans.remaining <= 0;
  return (
    <div className="small mb-3" data-testid="scan-quota">
      <p className="mb-1">
        {quota.scans && (
          <>
            Trial scans left today: <strong>{quota.scans.remaining}</strong> of {quota.scans.limit}.{' '}
          </>
        )}
        Points left today: <strong>{quota.points.remaining.toLocaleString()}</strong> of{' '}
        {quota.points.limit.toLocaleString()}
        {points !== null && (
          <>
            {' '}
            · this scan: <strong>{points}</strong> points
          </>
        )}
        . The counters start again at {resets}.
      </p>
      {(over || noScans) && (
        <Alert variant="warning" className="py-2 mb-0">
          {noScans
            ? 'You have used today’s trial scans.'
            : 'This scan needs more points than are left today: choose a smaller grid.'}
        </Alert>
      )}
    </div>
  );
}

/**
 * Starting a scan and watching it run: the form (with today's quota and this scan's point
 * count), a map previewing the grid with a draggable centre, then the progress bar and the
 * pins as they are measured, and the way on to the full view.
 */
export function LiveScanScreen({
  companyId,
  defaultCentre,
  businessName,
  viewHref,
  trial,
}: LiveScanScreenProps) {
  const business = useBusiness(trial ? null : companyId);
  const quota = useScanQuota(trial ? null : companyId);
  const requestScan = useRequestScan();
  const [values, setValues] = useState<ScanFormValues>({
    keyword: '',
    size: 5,
    radius: '2',
    unit: 'mi',
    centre: defaultCentre ?? null,
  });
  const [errors, setErrors] = useState<Partial<Record<ScanFormField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [scanId, setScanId] = useState<number | null>(null);
  const live = useLiveScan(scanId);

  // The business's own location is the default centre, once it is known.
  const home = business.data;
  useEffect(() => {
    if (home?.lat == null || home.lng == null) return;
    const { lat, lng } = home;
    setValues((v) => (v.centre ? v : { ...v, centre: { lat, lng } }));
  }, [home]);

  const preview = useMemo(() => previewGrid(values), [values]);
  const previewCentre =
    values.centre && !Number.isNaN(values.centre.lat) && !Number.isNaN(values.centre.lng)
      ? values.centre
      : null;
  const previewPoints = useMemo(
    () => (preview ?? []).map((p) => ({ ...p, state: 'unmeasured' as const, rank: null })),
    [preview],
  );
  const pointCount = preview ? preview.filter((p) => p.enabled).length : null;
  const name = businessName ?? home?.name ?? null;
  const marker = useMemo(
    () =>
      home && home.lat !== null && home.lng !== null
        ? { name: home.name, lat: home.lat, lng: home.lng }
        : null,
    [home],
  );

  const start = () => {
    setFailure(null);
    // A lead's scans always go to their own trial company, whatever id is sent; the schema
    // still wants a positive id, so send theirs when known.
    const checked = checkScanForm(values, companyId ?? quota.data?.companyId ?? 1);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    requestScan.mutate(checked.request, {
      onSuccess: (answer) => setScanId(answer.scanId),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          setFailure(`Today’s scan quota is used up: ${error.message}`);
          return;
        }
        const fields: Partial<Record<ScanFormField, string>> = {};
        if (error instanceof ApiError) {
          for (const [path, message] of Object.entries(error.fieldErrors())) {
            fields[fieldOf(path)] ??= message;
          }
        }
        setErrors(fields);
        if (Object.keys(fields).length === 0 || fields.form)
          setFailure(fields.form ?? error.message);
      },
    });
  };

  if (scanId !== null) {
    const scan = live.scan.data;
    return (
      <div data-testid="live-scan-running">
        <h2 className="h5">Scanning “{scan?.keyword ?? values.keyword}”</h2>
        <ScanProgress done={live.done} total={live.total} />
        {live.scan.isError && (
          <LoadError what="The scan" error={live.scan.error} onRetry={() => live.scan.refetch()} />
        )}
        {live.finished && (
          <Alert variant={scan?.status === 'failed' ? 'danger' : 'success'}>
            {scan?.status === 'failed'
              ? 'The scan failed before every point was searched. '
              : 'The scan is finished. '}
            <Link to={viewHref(scanId)} className="fw-semibold">
              Open the full report
            </Link>
          </Alert>
        )}
        <RankLegend business={name} />
        {scan && (
          <RankMap
            label={`Rank grid map for “${scan.keyword}”, updating as points are searched`}
            points={scan.points}
            size={scan.size}
            business={marker}
          />
        )}
        {scan && (
          <div className="mt-3">
            <PointsTable scan={scan} selectedIndex={null} />
          </div>
        )}
        <Button
          variant="outline-secondary"
          className="mt-3"
          onClick={() => {
            setScanId(null);
            requestScan.reset();
          }}
        >
          Start another scan
        </Button>
      </div>
    );
  }

  return (
    <div className="row g-3">
      <div className="col-12 col-lg-5">
        {quota.isPending && <Loading what="today’s quota" />}
        {quota.isError && (
          <LoadError what="Today’s quota" error={quota.error} onRetry={() => quota.refetch()} />
        )}
        {quota.data && <QuotaLine quota={quota.data} points={pointCount} />}
        {failure && (
          <Alert variant="danger" data-testid="scan-failure">
            {failure}
          </Alert>
        )}
        <LiveScanForm
          values={values}
          onChange={setValues}
          errors={errors}
          quota={quota.data}
          pointCount={pointCount}
          busy={requestScan.isPending}
          onSubmit={start}
        />
      </div>
      <div className="col-12 col-lg-7">
        {previewCentre ? (
          <>
            <RankMap
              label="Preview of the grid to scan, with a draggable centre"
              points={previewPoints}
              size={values.size}
              business={marker}
              centre={previewCentre}
              onCentreChange={(centre) => setValues((v) => ({ ...v, centre }))}
            />
            {/* The preview's text alternative; the form's centre fields move it by keyboard. */}
            <p className="small text-body-secondary mt-1">
              {previewPoints.length} points, {values.size} × {values.size}, centred at{' '}
              {previewCentre.lat.toFixed(5)}, {previewCentre.lng.toFixed(5)}.
            </p>
          </>
        ) : (
          <p className="text-body-secondary border rounded p-3">
            {business.isPending && !trial
              ? 'Finding the business’s location…'
              : 'Choose a centre to preview the grid on the map.'}
          </p>
        )}
      </div>
    </div>
  );
}
