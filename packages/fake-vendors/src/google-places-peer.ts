import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How long a 'slow' answer takes: past any timeout the tests give the provider. */
export const SLOW_ANSWER_MS = 3_000;

/** What the fake saw, so tests can check what the adapter sent. */
export interface PlacesPeerRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface RunningPlacesPeer {
  base: string;
  requests: PlacesPeerRequest[];
  /** What the next answers are: normal, an error in Google's shape, or too slow. */
  mode: 'ok' | 'error' | 'slow';
  close(): Promise<void>;
}

export const PEER_API_KEY = 'peer-key-4f0c1d';

/** Autocomplete suggestions in the documented shape, with kinds we must drop among them. */
const SUGGESTIONS = [
  {
    placePrediction: {
      place: 'places/ChIJLwPMoJm1RIYRetVp1EtGm10',
      placeId: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
      text: { text: 'Austin, TX, USA', matches: [{ endOffset: 6 }] },
      structuredFormat: { mainText: { text: 'Austin' }, secondaryText: { text: 'TX, USA' } },
      types: ['locality', 'political', 'geocode'],
    },
  },
  {
    placePrediction: {
      place: 'places/ChIJ7z8GbYm0RIYRBMy5H6RaV8E',
      placeId: 'ChIJ7z8GbYm0RIYRBMy5H6RaV8E',
      text: { text: 'Austin Avenue, Waco, TX, USA' },
      types: ['route', 'geocode'],
    },
  },
  {
    placePrediction: {
      placeId: 'ChIJq6qqqmC1RIYR6kb5pDrSxb0',
      text: { text: 'Travis County, TX, USA' },
      types: ['administrative_area_level_2', 'political', 'geocode'],
    },
  },
  { queryPrediction: { text: { text: 'austin restaurants' } } },
  {
    placePrediction: {
      placeId: 'ChIJ-cafe',
      text: { text: 'Austin Coffee, Austin, TX, USA' },
      types: ['cafe', 'food', 'point_of_interest', 'establishment'],
    },
  },
];

const DETAILS: Record<string, unknown> = {
  ChIJLwPMoJm1RIYRetVp1EtGm10: {
    id: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
    formattedAddress: 'Austin, TX, USA',
    types: ['locality', 'political'],
    location: { latitude: 30.267153, longitude: -97.7430608 },
    addressComponents: [
      { longText: 'Austin', shortText: 'Austin', types: ['locality', 'political'] },
      {
        longText: 'Travis County',
        shortText: 'Travis County',
        types: ['administrative_area_level_2', 'political'],
      },
      { longText: 'Texas', shortText: 'TX', types: ['administrative_area_level_1', 'political'] },
      { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
    ],
  },
  'ChIJ-cafe': {
    id: 'ChIJ-cafe',
    formattedAddress: '1 Congress Ave, Austin, TX 78701, USA',
    types: ['cafe', 'establishment'],
    addressComponents: [],
  },
};

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for Google Places API (New): `POST /v1/places:autocomplete` and
 * `GET /v1/places/{id}`, answering in the documented shapes, checking the API key header
 * as Google does, and able to fail (Google's error body) or to stall past a timeout.
 */
export async function startGooglePlacesPeer(): Promise<RunningPlacesPeer> {
  const requests: PlacesPeerRequest[] = [];
  const peer: RunningPlacesPeer = {
    base: '',
    requests,
    mode: 'ok',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = text ? (JSON.parse(text) as unknown) : null;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });

    if (peer.mode === 'slow') {
      const timer = setTimeout(() => send(res, 200, { suggestions: [] }), SLOW_ANSWER_MS);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (req.headers['x-goog-api-key'] !== PEER_API_KEY || peer.mode === 'error') {
      return send(res, 403, {
        error: {
          code: 403,
          message: 'The request is missing a valid API key.',
          status: 'PERMISSION_DENIED',
        },
      });
    }
    if (req.method === 'POST' && req.url === '/v1/places:autocomplete') {
      return send(res, 200, { suggestions: SUGGESTIONS });
    }
    const details = /^\/v1\/places\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && details) {
      const place = DETAILS[decodeURIComponent(details[1] ?? '')];
      if (place) return send(res, 200, place);
      return send(res, 404, {
        error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
      });
    }
    send(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}
