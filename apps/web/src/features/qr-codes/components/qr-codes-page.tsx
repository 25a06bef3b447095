import { findProduct, formatInstantDateTime } from '@pinpoint/contracts';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { useQrCodes, useVendorQrCodes } from '../api/qr-api';
import { QrAnalyticsPanel } from './qr-analytics-panel';
import { QrCodeItem } from './qr-code-item';
import { QrCreateForm } from './qr-create-form';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * /dashboard/products/{slug}/qr-codes/{product_id}: the product's QR codes (create, list,
 * preview, download, change where they lead, archive, delete), the company's codes kept
 * at Uniqode, and the scans of all of them.
 */
export function QrCodesPage({ productId, slug }: { productId: number; slug: string }) {
  const id = useId();
  const [status, setStatus] = useState<'active' | 'archived'>('active');
  const [page, setPage] = useState(1);
  const [created, setCreated] = useState<string | null>(null);
  const list = useQrCodes(productId, status, page);
  const vendor = useVendorQrCodes(productId);
  const codes = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="h3 mb-1">
        QR codes
      </h1>
      <p className="text-body-secondary">
        {findProduct(slug)?.name ?? 'Product'}. Each code opens our short link, which counts the
        scan and sends the visitor on, so you can change where it leads without reprinting.
      </p>
      {created && (
        <Alert variant="success" dismissible onClose={() => setCreated(null)}>
          QR code “{created}” created.
        </Alert>
      )}
      {(list.data?.canEdit ?? true) && (
        <QrCreateForm
          productId={productId}
          onCreated={(code) => {
            setCreated(code.name);
            setStatus('active');
            setPage(1);
          }}
        />
      )}

      <div className="d-flex align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-auto">{status === 'active' ? 'Codes' : 'Archived codes'}</h2>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => {
            setStatus(status === 'active' ? 'archived' : 'active');
            setPage(1);
          }}
        >
          {status === 'active' ? 'Show archived codes' : 'Show active codes'}
        </Button>
      </div>
      {list.isPending ? (
        <Loading what="the QR codes" />
      ) : list.isError ? (
        <LoadError what="The QR codes" error={list.error} onRetry={() => list.refetch()} />
      ) : codes.length === 0 ? (
        <p className="text-body-secondary">
          {status === 'active'
            ? 'No QR codes yet. Create the first one above.'
            : 'No archived codes.'}
        </p>
      ) : (
        <ul
          className="list-group"
          aria-label={status === 'active' ? 'QR codes' : 'Archived QR codes'}
        >
          {codes.map((code) => (
            <QrCodeItem
              key={code.id}
              productId={productId}
              code={code}
              canEdit={list.data?.canEdit ?? false}
              timeZone={timeZone}
            />
          ))}
        </ul>
      )}
      <Pager label="QR code pages" page={page} pages={pages} onPage={setPage} />

      <section aria-labelledby={`${id}-vendor`} className="mt-4">
        <h2 id={`${id}-vendor`} className="h5">
          Codes in Uniqode
        </h2>
        {vendor.isPending ? (
          <Loading what="the Uniqode codes" />
        ) : vendor.isError ? (
          <LoadError
            what="The Uniqode codes"
            error={vendor.error}
            onRetry={() => vendor.refetch()}
          />
        ) : !vendor.data.account.organisation ? (
          <p className="small text-body-secondary">
            This company has no Uniqode (Beaconstac) organisation connected.
          </p>
        ) : (
          <>
            <p className="small text-body-secondary">
              Organisation {vendor.data.account.organisation}
              {vendor.data.account.status !== 'connected' && ' (needs attention)'}
              {vendor.data.account.lastSyncedAt &&
                `, last synced ${formatInstantDateTime(vendor.data.account.lastSyncedAt, timeZone)}`}
              .
            </p>
            {vendor.data.codes.length === 0 ? (
              <p className="small text-body-secondary">No codes in this organisation yet.</p>
            ) : (
              <ul className="list-unstyled small">
                {vendor.data.codes.map((c) => (
                  <li key={c.id}>
                    <strong>{c.name}</strong> <code>{c.shortUrl}</code>
                    {c.targetUrl && <> → {c.targetUrl}</>}
                    {c.state !== 'A' && (
                      <span className="badge text-bg-secondary ms-2">Paused</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>

      <QrAnalyticsPanel
        productId={productId}
        codes={codes}
        vendorCodes={vendor.data?.codes ?? []}
        timeZone={timeZone}
      />
    </section>
  );
}
