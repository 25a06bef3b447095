import type { ConnectionAccess } from '../kernel/connection-access';
import type { HOSTING_VENDOR } from '../kernel/vendor-ids';

export const HOSTING_LABEL = 'Web hosting (cPanel)';

/** A hosting account as every hosting adapter maps it. */
export interface VendorHostingAccount {
  plan: string;
  domain: string;
  /** The domain registration's renewal day (yyyy-MM-dd); null where the host cannot tell. */
  domainRenewsOn: string | null;
  /** Null: unlimited. */
  diskQuotaMb: number | null;
  bandwidthQuotaMb: number | null;
  diskUsedMb: number;
  /** The certificate serving the main domain, if any. */
  ssl: { issuer: string; subject: string; expiresAt: Date } | null;
}

/** Transfer of one calendar month (UTC); disk only where the host reports it per month. */
export interface VendorHostingMonth {
  /** First day of the month, yyyy-MM-01. */
  month: string;
  bandwidthUsedMb: number;
  diskUsedMb: number | null;
}

export interface HostingProvider {
  readonly vendor: typeof HOSTING_VENDOR;
  readonly mode: 'demo' | 'live';
  getAccount(access: ConnectionAccess, signal?: AbortSignal): Promise<VendorHostingAccount>;
  /** Months from `from` to `to` (both yyyy-MM-01, included), oldest first. */
  listMonths(
    access: ConnectionAccess,
    range: { from: string; to: string },
    signal?: AbortSignal,
  ): Promise<VendorHostingMonth[]>;
}

/** The first days of the months from `from` to `to`, both yyyy-MM-01 and included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > end) return out;
    out.push(`${key}-01`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}
