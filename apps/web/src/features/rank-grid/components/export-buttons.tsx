import type { Scan } from '@pinpoint/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { downloadBlob, exportFileName, scanCsv } from '../../../components/rank-grid/grid-csv';
import { heatmapPng } from '../heatmap-png';

/** "Download PNG" (drawn here, no tiles) and "Download CSV" (one row per point). */
export function ExportButtons({
  scan,
  business,
}: {
  scan: Scan;
  business?: { lat: number; lng: number; name: string } | null;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const png = async () => {
    setBusy(true);
    setError(null);
    try {
      const blob = await heatmapPng({ scan, atrp: scan.metrics?.atrp ?? null, business });
      downloadBlob(blob, exportFileName(scan.keyword, scan.createdAt, 'png'));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The picture could not be made.');
    } finally {
      setBusy(false);
    }
  };
  const csv = () => {
    const blob = new Blob([scanCsv(scan)], { type: 'text/csv;charset=utf-8' });
    downloadBlob(blob, exportFileName(scan.keyword, scan.createdAt, 'csv'));
  };

  return (
    <div className="mb-2">
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" onClick={png} disabled={busy}>
          {busy ? 'Drawing…' : 'Download PNG'}
        </Button>
        <Button variant="outline-primary" onClick={csv}>
          Download CSV
        </Button>
      </div>
      {error && (
        <Alert variant="danger" className="mt-2 mb-0">
          {error}
        </Alert>
      )}
    </div>
  );
}
