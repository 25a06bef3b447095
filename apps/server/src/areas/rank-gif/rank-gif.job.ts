import { type GifStatus, pointStateSchema } from '@pinpoint/contracts';
import { z } from 'zod';
import { defineJob, type JobContext } from '../../kernel/jobs/define-job';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import { type GifFrame, renderGif } from './rank-gif.render';
import type { GifRow, RankGifRepository } from './rank-gif.repository';

export const RANK_GIF_JOB = 'rank-gif.render';
/** Runs at most 1 + 2 times; after the last failure the GIF is marked failed. */
export const RANK_GIF_RETRY_LIMIT = 2;
export const GIF_NOT_ENOUGH_SCANS = 'There are no finished scans of these settings to animate.';
export const GIF_RENDER_FAILED = 'The GIF could not be made. Try again in a moment.';

export const rankGifPayloadSchema = z.object({ gifId: z.number().int().positive() });

export interface RankGifJobDeps {
  repo: RankGifRepository;
  events: EventPublisher;
  clock?: () => Date;
  /** The encoder (tests swap it to make the render fail). */
  render?: typeof renderGif;
}

/** Loads the series a GIF shows, oldest first, as frames. */
async function framesOf(repo: RankGifRepository, gif: GifRow): Promise<GifFrame[]> {
  const scans = await repo.series(
    {
      companyId: gif.companyId,
      keyword: gif.keyword,
      size: gif.size,
      radius: gif.radius,
      unit: gif.unit,
      until: await untilOf(repo, gif),
    },
    gif.framesTotal,
  );
  const points = await repo.pointsOf(scans.map((scan) => scan.id));
  return scans.map((scan) => ({
    keyword: scan.keyword,
    size: scan.size,
    date: scan.createdAt,
    atrp: scan.atrp,
    points: (points.get(scan.id) ?? []).map((point) => {
      const state = pointStateSchema.safeParse(point.state);
      return {
        index: point.pointIndex,
        state: state.success ? state.data : 'unmeasured',
        rank: point.rank,
      };
    }),
  }));
}

/** The scan the GIF was asked from ends the series; its row carries the time to compare. */
async function untilOf(repo: RankGifRepository, gif: GifRow) {
  const scan = await repo.scanTime(gif.scanId);
  // The scan is kept by the foreign key (cascade deletes the GIF with it), so this is rare.
  if (!scan) throw new Error(`scan ${gif.scanId} of gif ${gif.id} is gone`);
  return scan;
}

/**
 * Renders one GIF. Safe to retry: a run starts from the stored request (settings, frame
 * count), resets progress, renders every frame again and writes the bytes once at the end,
 * so a run cut short leaves nothing half-written that a retry would trip over.
 */
export function createRankGifJob({
  repo,
  events,
  clock = () => new Date(),
  render = renderGif,
}: RankGifJobDeps) {
  function publish(gif: GifRow, done: number, total: number, status: GifStatus) {
    events.publish({
      type: 'rank-gif.progress',
      payload: { gifId: gif.id, companyId: gif.companyId, done, total, status },
      audience: { client: gif.companyId },
    });
  }

  async function fail(gif: GifRow, reason: string, done: number, total: number) {
    await repo.fail(gif.id, reason, clock());
    publish(gif, done, total, 'failed');
  }

  return defineJob({
    name: RANK_GIF_JOB,
    payload: rankGifPayloadSchema,
    retryLimit: RANK_GIF_RETRY_LIMIT,
    retryDelaySeconds: 2,
    // 52 frames of a 21×21 grid take a few seconds; a minute is a generous ceiling.
    expireInSeconds: 120,
    concurrency: 1,
    pollingIntervalSeconds: 0.5,
    singletonKey: ({ gifId }) => String(gifId),
    handler: async ({ gifId }, ctx: JobContext) => {
      const gif = await repo.gif(gifId);
      // A finished GIF is not drawn again (a repeated job); a failed one was given up on.
      if (!gif || gif.status === 'done' || gif.status === 'failed') return { skipped: true };
      const frames = await framesOf(repo, gif);
      if (frames.length === 0) {
        await fail(gif, GIF_NOT_ENOUGH_SCANS, 0, 0);
        return { failed: true };
      }
      const total = frames.length;
      await repo.start(gif.id, total);
      publish(gif, 0, total, 'running');
      let done = 0;
      try {
        const bytes = await render(frames, async (count) => {
          done = count;
          await repo.progress(gif.id, count);
          publish(gif, count, total, 'running');
        });
        await repo.finish(gif.id, bytes, clock());
      } catch (error) {
        // Throwing hands the job back for a retry; the last attempt marks the GIF failed.
        if (ctx.attempt < RANK_GIF_RETRY_LIMIT) throw error;
        ctx.log.error({ err: error, gifId }, 'rank gif render failed for good');
        await fail(gif, GIF_RENDER_FAILED, done, total);
        return { failed: true };
      }
      publish(gif, total, total, 'done');
      return { frames: total };
    },
  });
}
