import type { AgencyBrand } from '@pinpoint/contracts';

/**
 * The agency's header on the shared report (white label: no Pinpoint brand): its logo or
 * name, its contact, and a band in its primary colour. The colour is never behind text, so
 * any colour the agency picks keeps the page readable.
 */
export function ReportBrandHeader({ brand }: { brand: AgencyBrand | null }) {
  return (
    <header
      className="border-bottom bg-body"
      style={{ borderTop: `6px solid ${brand?.primaryColor ?? '#1f5fbf'}` }}
    >
      <div className="container d-flex flex-wrap align-items-center gap-3 py-3">
        {brand?.logoUrl ? (
          <img
            src={brand.logoUrl}
            alt={brand.name}
            style={{ maxHeight: 48, maxWidth: 220, objectFit: 'contain' }}
          />
        ) : (
          <span className="fw-bold fs-5">{brand?.name ?? ''}</span>
        )}
        {brand && (brand.email || brand.phone) && (
          <p className="small mb-0 ms-auto text-end">
            {brand.email && <a href={`mailto:${brand.email}`}>{brand.email}</a>}
            {brand.email && brand.phone && ' · '}
            {brand.phone && <a href={`tel:${brand.phone.replace(/[^+\d]/g, '')}`}>{brand.phone}</a>}
          </p>
        )}
      </div>
    </header>
  );
}
