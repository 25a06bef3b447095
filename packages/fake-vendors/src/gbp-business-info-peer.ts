import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

export const GBP_BUSINESS_INFO_PEER_TOKEN = 'gbp-business-info-peer-token-7d21';

/** A Location in the Business Information API v1's documented JSON (the fields we read). */
export type GbpPeerLocation = Record<string, unknown> & { name: string };

/** An Attribute as `locations.getAttributes` answers it. */
export interface GbpPeerAttribute {
  name: string;
  valueType: 'BOOL' | 'ENUM' | 'URL' | 'REPEATED_ENUM';
  values?: unknown[];
  repeatedEnumValue?: { setValues: string[]; unsetValues?: string[] };
  uriValues?: { uri: string }[];
}

export interface RecordedPatch {
  /** `locations/{l}` or `locations/{l}/attributes`. */
  name: string;
  /** The `updateMask` (a location) or `attributeMask` (its attributes), split at commas. */
  mask: string[];
  body: Record<string, unknown>;
}

export interface RunningGbpBusinessInfoPeer {
  base: string;
  /** By `locations/{l}`. */
  locations: Map<string, GbpPeerLocation>;
  attributes: Map<string, GbpPeerAttribute[]>;
  patches: RecordedPatch[];
  /** Every request's method and path with its query, in order. */
  requests: string[];
  /** A change made on Google's side (the owner, or a suggested edit Google accepted). */
  editOnGoogle(name: string, changes: Record<string, unknown>): void;
  /** The next request answers this status in Google's error shape (with Retry-After). */
  failNext(status: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

const error = (code: number, status: string, message: string) => ({
  error: { code, message, status },
});

/** Sets a dotted mask path (`phoneNumbers.primaryPhone`) from the body onto the location. */
function applyPath(target: Record<string, unknown>, body: Record<string, unknown>, path: string) {
  const parts = path.split('.');
  let from: unknown = body;
  let to = target;
  for (const [i, part] of parts.entries()) {
    from = (from as Record<string, unknown> | undefined)?.[part];
    if (i === parts.length - 1) {
      if (from === undefined) delete to[part];
      else to[part] = from;
    } else {
      to[part] = { ...((to[part] as Record<string, unknown>) ?? {}) };
      to = to[part] as Record<string, unknown>;
    }
  }
}

/**
 * A fake of the Business Information API v1 for one or more locations: `locations.get`
 * (readMask required), `locations.patch` (updateMask required), `locations.getAttributes`
 * and `locations.updateAttributes` (attributeMask), in Google's shapes and error shape.
 */
export async function startGbpBusinessInfoPeer(): Promise<RunningGbpBusinessInfoPeer> {
  const locations = new Map<string, GbpPeerLocation>();
  const attributes = new Map<string, GbpPeerAttribute[]>();
  const patches: RecordedPatch[] = [];
  const requests: string[] = [];
  let failing: { status: number; retryAfter?: number } | null = null;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (failing) {
      const { status, retryAfter } = failing;
      failing = null;
      const name = status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE';
      return send(
        status,
        error(status, name, 'Quota exceeded.'),
        retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
      );
    }
    if (req.headers.authorization !== `Bearer ${GBP_BUSINESS_INFO_PEER_TOKEN}`) {
      return send(
        401,
        error(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
      );
    }
    const attrs = /^\/v1\/(locations\/[^/]+)\/attributes$/.exec(url.pathname);
    const loc = /^\/v1\/(locations\/[^/]+)$/.exec(url.pathname);
    const name = attrs?.[1] ?? loc?.[1] ?? '';
    const location = locations.get(name);
    if (!location) return send(404, error(404, 'NOT_FOUND', 'Requested entity was not found.'));

    if (attrs && req.method === 'GET') {
      return send(200, { name: `${name}/attributes`, attributes: attributes.get(name) ?? [] });
    }
    if (attrs && req.method === 'PATCH') {
      const mask = url.searchParams.get('attributeMask')?.split(',').filter(Boolean) ?? [];
      if (mask.length === 0) {
        return send(400, error(400, 'INVALID_ARGUMENT', 'attribute_mask is required.'));
      }
      const body = ((await readBody(req)) ?? {}) as { attributes?: GbpPeerAttribute[] };
      patches.push({ name: `${name}/attributes`, mask, body: body as Record<string, unknown> });
      const given = new Map((body.attributes ?? []).map((a) => [a.name, a]));
      const kept = (attributes.get(name) ?? []).filter((a) => !mask.includes(a.name));
      const set = mask.flatMap((m) => (given.has(m) ? [given.get(m) as GbpPeerAttribute] : []));
      attributes.set(name, [...kept, ...set]);
      return send(200, { name: `${name}/attributes`, attributes: attributes.get(name) });
    }
    if (loc && req.method === 'GET') {
      const readMask = url.searchParams.get('readMask');
      if (!readMask) return send(400, error(400, 'INVALID_ARGUMENT', 'read_mask is required.'));
      const fields = readMask.split(',');
      return send(
        200,
        Object.fromEntries(
          Object.entries(location).filter(([k]) => k === 'name' || fields.includes(k)),
        ),
      );
    }
    if (loc && req.method === 'PATCH') {
      const mask = url.searchParams.get('updateMask')?.split(',').filter(Boolean) ?? [];
      if (mask.length === 0) {
        return send(400, error(400, 'INVALID_ARGUMENT', 'update_mask is required.'));
      }
      const body = ((await readBody(req)) ?? {}) as Record<string, unknown>;
      patches.push({ name, mask, body });
      const updated = structuredClone(location);
      for (const path of mask) applyPath(updated, body, path);
      locations.set(name, updated);
      return send(200, updated);
    }
    send(404, error(404, 'NOT_FOUND', 'Not found.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    locations,
    attributes,
    patches,
    requests,
    editOnGoogle: (name, changes) => {
      const location = locations.get(name);
      if (!location) throw new Error(`no location ${name}`);
      locations.set(name, { ...location, ...changes });
    },
    failNext: (status, retryAfterSeconds) => {
      failing = { status, retryAfter: retryAfterSeconds };
    },
    close: () => closeServer(server),
  };
}

/** A storefront location as Google documents it, for tests to start from. */
export function sampleGoogleLocation(name: string): GbpPeerLocation {
  return {
    name,
    title: 'Summit Plumbing',
    categories: {
      primaryCategory: { name: 'categories/gcid:plumber', displayName: 'Plumber' },
      additionalCategories: [
        { name: 'categories/gcid:drainage_service', displayName: 'Drainage service' },
      ],
    },
    storefrontAddress: {
      regionCode: 'US',
      postalCode: '78701',
      administrativeArea: 'TX',
      locality: 'Austin',
      addressLines: ['100 Congress Avenue', 'Suite 200'],
    },
    phoneNumbers: { primaryPhone: '(512) 555-0134', additionalPhones: ['(512) 555-0199'] },
    websiteUri: 'https://www.summit-plumbing.example/',
    regularHours: {
      periods: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((day) => ({
        openDay: day,
        openTime: { hours: 8 },
        closeDay: day,
        closeTime: { hours: 17 },
      })),
    },
    specialHours: {
      specialHourPeriods: [{ startDate: { year: 2026, month: 12, day: 25 }, closed: true }],
    },
  };
}

export const SAMPLE_GOOGLE_ATTRIBUTES: GbpPeerAttribute[] = [
  { name: 'attributes/has_wheelchair_accessible_entrance', valueType: 'BOOL', values: [true] },
  {
    name: 'attributes/pay_credit_card_types_accepted',
    valueType: 'REPEATED_ENUM',
    repeatedEnumValue: { setValues: ['visa', 'mastercard'] },
  },
  {
    name: 'attributes/url_appointment',
    valueType: 'URL',
    uriValues: [{ uri: 'https://summit-plumbing.example/book' }],
  },
];
