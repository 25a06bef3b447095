import type { ConnectionAccess } from '../kernel/connection-access';
import { BEACONSTAC_VENDOR } from '../kernel/vendor-ids';
import type { QrVendorProvider, VendorQrCode, VendorQrScanRow } from './port';

const DAY = 86_400_000;
/** Demo organisations' codes date from here on (their scans start the day after). */
const DEMO_EPOCH = Date.UTC(2024, 5, 1);

const CODE_KINDS = [
  { name: 'Storefront window', path: '' },
  { name: 'Flyer: seasonal offer', path: 'offers' },
  { name: 'Business card', path: 'contact' },
  { name: 'Truck decal', path: 'book' },
] as const;

/** Share of scans by OS (phones scan QR codes; a few desktops through webcams). */
const OS_SHARE = [
  ['iOS', 0.56],
  ['Android', 0.38],
  ['Windows', 0.04],
  ['macOS', 0.02],
] as const;

const CITIES = [
  { city: 'Austin', place: 'Austin, TX', lat: 30.2672, lng: -97.7431 },
  { city: 'Round Rock', place: 'Round Rock, TX', lat: 30.5083, lng: -97.6789 },
  { city: 'Denver', place: 'Denver, CO', lat: 39.7392, lng: -104.9903 },
  { city: 'Aurora', place: 'Aurora, CO', lat: 39.7294, lng: -104.8319 },
  { city: 'Phoenix', place: 'Phoenix, AZ', lat: 33.4484, lng: -112.074 },
  { city: 'Mesa', place: 'Mesa, AZ', lat: 33.4152, lng: -111.8315 },
  { city: 'Tampa', place: 'Tampa, FL', lat: 27.9506, lng: -82.4572 },
  { city: 'Orlando', place: 'Orlando, FL', lat: 28.5383, lng: -81.3792 },
] as const;

/** FNV-1a: a stable 32-bit number from text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
/** A stable fraction in [0, 1) for a key. */
const unit = (key: string) => hash(key) / 2 ** 32;

/** Splits a whole number by shares, the remainders to the largest fractions (sums exactly). */
function split(total: number, shares: readonly number[]): number[] {
  const raw = shares.map((s) => s * total);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

export function demoQrCodes(organisation: string): VendorQrCode[] {
  const count = 2 + (hash(organisation) % 3);
  return CODE_KINDS.slice(0, count).map((kind, i) => {
    const id = String(100_000 + ((hash(`${organisation}:${i}`) % 800_000) + i));
    const created = DEMO_EPOCH + (hash(`${organisation}:created:${i}`) % 60) * DAY;
    const slug = hash(`${organisation}:slug:${i}`).toString(36).slice(0, 6);
    return {
      externalId: id,
      name: kind.name,
      shortUrl: `https://qr.tapnscan.me/${slug}`,
      targetUrl: `https://example.com/${kind.path}`,
      state: 'A',
      createdAt: new Date(created),
      updatedAt: new Date(created + 3_600_000),
    };
  });
}

/** One code's scans and visitors on one UTC day (weekends busier, no scans before creation). */
function dayFigures(code: VendorQrCode, organisation: string, day: string) {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (at < code.createdAt.getTime()) return { scans: 0, visitors: 0 };
  const base = 1 + (hash(`${organisation}:${code.externalId}:rate`) % 7);
  const weekday = new Date(at).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 1.5 : 1;
  const noise = unit(`${code.externalId}:${day}`);
  const scans = Math.floor(base * weekend * (0.3 + 1.2 * noise));
  const visitors = Math.max(scans > 0 ? 1 : 0, Math.round(scans * (0.7 + 0.25 * noise)));
  return { scans, visitors };
}

/**
 * The deterministic demo organisation: two to four codes per organisation, created in
 * mid-2024, and daily scans by OS, city and place, the same for the same organisation and
 * day on every call.
 */
export function createBeaconstacDemo(): QrVendorProvider {
  return {
    vendor: BEACONSTAC_VENDOR,
    mode: 'demo',
    async listQrCodes(access: ConnectionAccess, page) {
      const all = demoQrCodes(access.externalAccount).sort(
        (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime(),
      );
      const items = all.slice(page.offset, page.offset + page.limit);
      const next = page.offset + page.limit;
      return { items, nextOffset: next < all.length ? next : null };
    },
    async scanReport(access: ConnectionAccess, range) {
      const organisation = access.externalAccount;
      const cityBase = hash(`${organisation}:city`) % (CITIES.length - 2);
      const cities = CITIES.slice(cityBase, cityBase + 3);
      const rows: VendorQrScanRow[] = [];
      const codes = demoQrCodes(organisation);
      const end = Date.parse(`${range.to}T00:00:00Z`);
      for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= end; at += DAY) {
        const day = new Date(at).toISOString().slice(0, 10);
        for (const code of codes) {
          const { scans, visitors } = dayFigures(code, organisation, day);
          if (scans === 0) continue;
          const base = { qrExternalId: code.externalId, day, latitude: null, longitude: null };
          rows.push({ ...base, dimension: 'visitors', label: '', scans, visitors });
          split(
            scans,
            OS_SHARE.map(([, s]) => s),
          ).forEach((n, i) => {
            const label = OS_SHARE[i]?.[0];
            if (n > 0 && label)
              rows.push({ ...base, dimension: 'os', label, scans: n, visitors: 0 });
          });
          // A day's scans come from one of the organisation's cities (most often the first).
          const roll = unit(`${code.externalId}:${day}:city`);
          const place = cities[roll < 0.6 ? 0 : roll < 0.85 ? 1 : 2] ?? CITIES[0];
          rows.push({ ...base, dimension: 'city', label: place.city, scans, visitors: 0 });
          rows.push({
            ...base,
            dimension: 'location',
            label: place.place,
            scans,
            visitors: 0,
            latitude: place.lat,
            longitude: place.lng,
          });
        }
      }
      return rows;
    },
  };
}
