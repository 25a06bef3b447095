import { GIF_MIN_FRAMES, type GifSeries, gifStatusSchema, type RankGif } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import type { GifRow, RankGifRepository, SeriesKey } from './rank-gif.repository';

const SCAN_NOT_FOUND = 'Scan not found.';
const GIF_NOT_FOUND = 'GIF not found.';
export const GIF_NOT_READY = 'The GIF is not ready yet.';

export interface RankGifServiceDeps {
  repo: RankGifRepository;
  /** The rank grid engine's scan lookup. */
  scanOf: (scanId: number) => Promise<{
    id: number;
    companyId: number;
    keyword: string;
    size: number;
    radius: number;
    unit: string;
    createdAt: Date;
  } | null>;
  enqueue: (gifId: number) => Promise<unknown>;
}

function toGif(row: Omit<GifRow, 'gif'>): RankGif {
  const status = gifStatusSchema.safeParse(row.status);
  return {
    id: row.id,
    scanId: row.scanId,
    keyword: row.keyword,
    status: status.success ? status.data : 'failed',
    framesTotal: row.framesTotal,
    framesDone: row.framesDone,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A file name that says what and when, in characters every system accepts. */
export function gifFileName(row: Pick<GifRow, 'id' | 'keyword' | 'createdAt'>): string {
  const slug = row.keyword
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const day = row.createdAt.toISOString().slice(0, 10);
  return `rank-grid-${slug || 'scan'}-${day}-${row.id}.gif`;
}

/** Animated GIFs of a grid's history; every object is checked against the caller's companies. */
export function createRankGifService({ repo, scanOf, enqueue }: RankGifServiceDeps) {
  async function visibleScan(principal: Principal, scanId: number) {
    const scan = await scanOf(scanId);
    if (!scan || !canAccessClient(principal, scan.companyId)) throw notFound(SCAN_NOT_FOUND);
    return scan;
  }

  function keyOf(scan: NonNullable<Awaited<ReturnType<typeof scanOf>>>): SeriesKey {
    return {
      companyId: scan.companyId,
      keyword: scan.keyword,
      size: scan.size,
      radius: scan.radius,
      unit: scan.unit,
      until: { id: scan.id, createdAt: scan.createdAt },
    };
  }

  async function visibleGif(principal: Principal, gifId: number) {
    const row = await repo.status(gifId);
    if (!row || !canAccessClient(principal, row.companyId)) throw notFound(GIF_NOT_FOUND);
    return row;
  }

  return {
    /** How many finished scans of the scan's settings, up to it, a GIF could show. */
    async series(principal: Principal, scanId: number): Promise<GifSeries> {
      const scan = await visibleScan(principal, scanId);
      return { available: await repo.seriesCount(keyOf(scan)) };
    },

    /** Stores the request and queues the render; progress arrives as `rank-gif.progress`. */
    async request(
      principal: Principal,
      input: { scanId: number; frames: number },
    ): Promise<RankGif> {
      const scan = await visibleScan(principal, input.scanId);
      const available = await repo.seriesCount(keyOf(scan));
      if (available < GIF_MIN_FRAMES) {
        const message = `A GIF needs at least ${GIF_MIN_FRAMES} finished scans of these settings; there ${available === 1 ? 'is' : 'are'} ${available}.`;
        throw badRequest(message, [{ path: 'body.frames', message }]);
      }
      const row = await repo.create({
        companyId: scan.companyId,
        scanId: scan.id,
        keyword: scan.keyword,
        size: scan.size,
        radius: scan.radius,
        unit: scan.unit,
        requestedBy: principal.userId,
        status: 'queued',
        framesTotal: Math.min(input.frames, available),
      });
      await enqueue(row.id);
      const { gif: _bytes, ...status } = row;
      return toGif(status);
    },

    async find(principal: Principal, gifId: number): Promise<RankGif> {
      return toGif(await visibleGif(principal, gifId));
    },

    /** The bytes of a finished GIF (409 while it renders or when it failed). */
    async file(principal: Principal, gifId: number) {
      const status = await visibleGif(principal, gifId);
      if (status.status !== 'done') throw conflict(GIF_NOT_READY);
      const row = await repo.gif(gifId);
      if (!row?.gif) throw conflict(GIF_NOT_READY);
      return { bytes: Buffer.from(row.gif), fileName: gifFileName(row) };
    },
  };
}

export type RankGifService = ReturnType<typeof createRankGifService>;
