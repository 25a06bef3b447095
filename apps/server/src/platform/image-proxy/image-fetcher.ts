import { LRUCache } from 'lru-cache';
import { Agent, type Dispatcher, request } from 'undici';
import { AppError } from '../../kernel/lib/app-error';
import { hostAllowed, isPublicAddress } from '../../kernel/net/address-policy';
import {
  ADDRESS_REFUSED_CODE,
  createGuardedLookup,
  resolveAll,
} from '../../kernel/net/guarded-lookup';
import { sniffImageType } from './image-sniff';

export const IMAGE_PROXY_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
  /** The whole fetch, redirects included. */
  deadlineMs: 8_000,
  /** Between two chunks of the body: a slow drip ends here. */
  idleMs: 3_000,
  /** Bytes the cache keeps, across images. */
  cacheBytes: 64 * 1024 * 1024,
  minCacheSeconds: 60,
  maxCacheSeconds: 24 * 3600,
} as const;

export interface ProxiedImage {
  bytes: Buffer;
  contentType: string;
  /** How long the browser may keep it, within the limits above. */
  maxAgeSeconds: number;
}

export interface ImageFetcherDeps {
  allowedHosts: readonly string[];
  /** DNS; tests answer private addresses for allow-listed names here. */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Where a connection may go (default: public unicast only). Tests trust one address. */
  addressAllowed?: (address: string) => boolean;
  /** Ports a URL may name (default 443 only). */
  allowedPorts?: readonly number[];
  /** Extra CA certificates (tests' self-signed upstream). */
  ca?: string | Buffer;
  limits?: Partial<Record<keyof typeof IMAGE_PROXY_LIMITS, number>>;
  /** Counts each upstream request for the status page. */
  recordCall?: (ok: boolean) => void;
}

/** Drops a body we will not read, without an unhandled error if it was cut short. */
const discard = (body: Dispatcher.ResponseData['body']) => void body.dump().catch(() => {});
const refused = (message: string) => new AppError(403, 'FORBIDDEN', message);
const timedOut = () => new AppError(504, 'SERVICE_UNAVAILABLE', 'The image took too long.');
const badGateway = (message: string) => new AppError(502, 'SERVICE_UNAVAILABLE', message);

/**
 * Fetches vendor images for the browser (DECISIONS.md "Image proxy"). Every hop (the URL
 * and each redirect) is checked before a byte is sent: https, no credentials, an allowed
 * port, an allow-listed host. The address is checked where the socket is opened (the
 * connector's own DNS lookup), so a name that resolves differently between a check and the
 * connection (DNS rebinding) still cannot reach a private address. Bodies are capped,
 * bounded in time, typed by their own bytes, and cached.
 */
export function createImageFetcher(deps: ImageFetcherDeps) {
  const limits = { ...IMAGE_PROXY_LIMITS, ...deps.limits };
  const resolve = deps.resolve ?? resolveAll;
  const addressAllowed = deps.addressAllowed ?? isPublicAddress;
  const ports = deps.allowedPorts ?? [443];

  // net/tls call this for every connection: the answer is checked here, at connect time.
  const guardedLookup = createGuardedLookup(resolve, addressAllowed);
  const dispatcher: Dispatcher = new Agent({
    connect: { lookup: guardedLookup, ...(deps.ca && { ca: deps.ca }) },
    // No reuse across hops to a host that might now resolve elsewhere.
    keepAliveTimeout: 1_000,
  });

  const cache = new LRUCache<string, ProxiedImage>({
    maxSize: limits.cacheBytes,
    sizeCalculation: (image) => Math.max(1, image.bytes.length),
    ttlAutopurge: false,
  });
  const inFlight = new Map<string, Promise<ProxiedImage>>();

  function checkHop(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new AppError(400, 'BAD_REQUEST', 'That is not a valid image address.');
    }
    if (url.protocol !== 'https:') throw refused('Only https image addresses are fetched.');
    if (url.username || url.password) throw refused('Image addresses may not carry credentials.');
    const port = url.port ? Number(url.port) : 443;
    if (!ports.includes(port)) throw refused('That port is not allowed for images.');
    // An IP literal is never an allow-listed vendor host; the list holds names only.
    if (!hostAllowed(url.hostname, deps.allowedHosts)) {
      throw refused('Images are fetched only from the vendors Pinpoint works with.');
    }
    return url;
  }

  async function readCapped(body: Dispatcher.ResponseData['body'], signal: AbortSignal) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      if (signal.aborted) throw signal.reason;
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) {
        // Leaving the loop by a throw destroys the stream.
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The image is larger than 10 MB.');
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async function fetchFresh(start: string): Promise<ProxiedImage> {
    const signal = AbortSignal.timeout(limits.deadlineMs);
    let url = checkHop(start);
    for (let hop = 0; ; hop++) {
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, {
          dispatcher,
          method: 'GET',
          headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif' },
          signal,
          headersTimeout: limits.idleMs,
          bodyTimeout: limits.idleMs,
        });
      } catch (error) {
        deps.recordCall?.(false);
        if ((error as { code?: string }).code === ADDRESS_REFUSED_CODE) {
          throw refused('That image host resolves to a private address.');
        }
        if (signal.aborted) throw timedOut();
        throw badGateway('The image could not be fetched.');
      }
      const { statusCode, headers, body } = response;
      if (statusCode >= 300 && statusCode < 400 && headers.location) {
        discard(body);
        if (hop >= limits.maxRedirects) throw badGateway('The image redirected too many times.');
        url = checkHop(new URL(String(headers.location), url).toString());
        continue;
      }
      if (statusCode !== 200) {
        discard(body);
        deps.recordCall?.(statusCode < 500);
        throw badGateway(`The image host answered ${statusCode}.`);
      }
      const declared =
        String(headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '';
      if (!declared.startsWith('image/')) {
        discard(body);
        deps.recordCall?.(true);
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'That address is not an image.');
      }
      let bytes: Buffer;
      try {
        bytes = await readCapped(body, signal);
      } catch (error) {
        deps.recordCall?.(false);
        if (error instanceof AppError) throw error;
        throw timedOut();
      }
      deps.recordCall?.(true);
      // Typed by its own bytes: SVG (which can carry script) and anything else are refused.
      const contentType = sniffImageType(bytes);
      if (!contentType) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'That address is not an image.');
      }
      const maxAge = /max-age=(\d+)/.exec(String(headers['cache-control'] ?? ''));
      const maxAgeSeconds = Math.min(
        limits.maxCacheSeconds,
        Math.max(limits.minCacheSeconds, Number(maxAge?.[1] ?? 3600)),
      );
      return { bytes, contentType, maxAgeSeconds };
    }
  }

  return {
    /** The image at `url`, from the cache when it holds it; one upstream fetch per URL at a time. */
    async fetch(url: string): Promise<ProxiedImage> {
      if (url.startsWith('data:')) {
        throw new AppError(
          400,
          'BAD_REQUEST',
          'An image given as a data URL is shown as it is; it does not go through the proxy.',
        );
      }
      const cached = cache.get(url);
      if (cached) return cached;
      let pending = inFlight.get(url);
      if (!pending) {
        pending = fetchFresh(url).finally(() => inFlight.delete(url));
        inFlight.set(url, pending);
      }
      const image = await pending;
      cache.set(url, image, { ttl: image.maxAgeSeconds * 1000 });
      return image;
    },
    async close() {
      await dispatcher.close();
    },
  };
}

export type ImageFetcher = ReturnType<typeof createImageFetcher>;
