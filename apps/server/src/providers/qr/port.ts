import type { ConnectionAccess } from '../kernel/connection-access';
import type { BEACONSTAC_VENDOR } from '../kernel/vendor-ids';

export const BEACONSTAC_LABEL = 'Uniqode (Beaconstac)';

/** One QR code at the vendor (`/api/2.0/qrcodes/`), as every adapter maps it. */
export interface VendorQrCode {
  /** The vendor's numeric id, as text. */
  externalId: string;
  name: string;
  /** The vendor's short URL the printed code encodes (`https://qr.tapnscan.me/…`). */
  shortUrl: string;
  /** `campaign.custom_url` of a website code; null for other campaign kinds. */
  targetUrl: string | null;
  /** `A` active, `P` paused, … (the vendor's word). */
  state: string;
  createdAt: Date;
  updatedAt: Date;
}

export const QR_SCAN_DIMENSIONS = ['visitors', 'os', 'city', 'location'] as const;
export type QrScanDimension = (typeof QR_SCAN_DIMENSIONS)[number];

/**
 * One row of the vendor's scan reports: a code's day in one dimension. `visitors` rows
 * (label '') carry scans and unique visitors; `os`, `city` and `location` rows the scans
 * of that OS, city or place (a place with its coordinates).
 */
export interface VendorQrScanRow {
  qrExternalId: string;
  /** `yyyy-MM-dd`, the vendor's (UTC) day. */
  day: string;
  dimension: QrScanDimension;
  label: string;
  scans: number;
  visitors: number;
  latitude: number | null;
  longitude: number | null;
}

export interface QrCodePage {
  items: VendorQrCode[];
  /** The offset of the next page; null on the last. */
  nextOffset: number | null;
}

/**
 * A QR vendor account (an organisation) read by the `beaconstac` syncs. The connection's
 * external account is the organisation id; its access token the API key (or the
 * configured one).
 */
export interface QrVendorProvider {
  readonly vendor: typeof BEACONSTAC_VENDOR;
  readonly mode: 'demo' | 'live';
  /** The organisation's codes, most recently updated first. */
  listQrCodes(
    access: ConnectionAccess,
    page: { offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<QrCodePage>;
  /** Every code's scan figures of the days from `from` to `to` (both included). */
  scanReport(
    access: ConnectionAccess,
    range: { from: string; to: string },
    signal?: AbortSignal,
  ): Promise<VendorQrScanRow[]>;
}
