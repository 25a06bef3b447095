import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { type PointState, RANK_BANDS, rankBandOf, rankCellLabel } from '@pinpoint/contracts';
import * as gifencModule from 'gifenc';

/**
 * Draws one frame per scan (the grid as coloured, numbered cells with the date and ATRP) and
 * encodes them as a looping GIF. Text is drawn in DejaVu Sans, registered from the
 * `dejavu-fonts-ttf` package, so frames look the same on a server with no system fonts.
 */

export interface GifFrame {
  keyword: string;
  size: number;
  /** When the scan was made (shown as MM/dd/yyyy, UTC). */
  date: Date;
  atrp: number | null;
  points: { index: number; state: PointState; rank: number | null }[];
}

const FONT_FAMILY = 'DejaVu Sans';
const WIDTH = 480;
const HEADER = 72;
const PAD = 12;
const GAP = 3;
/** Each scan shows for about a second; the last one a little longer before the loop restarts. */
export const FRAME_DELAY_MS = 1000;
const LAST_FRAME_DELAY_MS = 2500;

type Gifenc = Pick<typeof gifencModule, 'GIFEncoder' | 'quantize' | 'applyPalette'>;
// Node loads gifenc's CommonJS build, whose exports all sit on `default`; Vite (tests) loads
// its ES build, with named exports.
const gifenc: Gifenc =
  typeof gifencModule.GIFEncoder === 'function' ? gifencModule : (gifencModule.default as Gifenc);

let fontsRegistered = false;
function registerFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  GlobalFonts.registerFromPath(join(dir, 'DejaVuSans.ttf'), FONT_FAMILY);
  GlobalFonts.registerFromPath(join(dir, 'DejaVuSans-Bold.ttf'), FONT_FAMILY);
  fontsRegistered = true;
}

function formatDate(date: Date): string {
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** RGBA pixels of one frame, WIDTH × (HEADER + WIDTH). */
export function drawFrame(frame: GifFrame): {
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
} {
  registerFonts();
  const height = HEADER + WIDTH;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, height);

  ctx.fillStyle = '#212529';
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.font = `bold 20px "${FONT_FAMILY}"`;
  ctx.fillText(truncate(frame.keyword, 30), PAD, 30);
  ctx.font = `16px "${FONT_FAMILY}"`;
  const atrp = frame.atrp === null ? 'no data' : frame.atrp.toFixed(2);
  ctx.fillText(`${formatDate(frame.date)}   ATRP ${atrp}`, PAD, 58);

  const n = frame.size;
  const area = WIDTH - 2 * PAD;
  const cell = (area - GAP * (n - 1)) / n;
  const byIndex = new Map(frame.points.map((point) => [point.index, point]));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `bold ${Math.max(8, Math.floor(cell * 0.4))}px "${FONT_FAMILY}"`;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const point = byIndex.get(row * n + col);
      const state = point?.state ?? 'unmeasured';
      const rank = point?.rank ?? null;
      const band = RANK_BANDS[rankBandOf(state, rank)];
      const x = PAD + col * (cell + GAP);
      const y = HEADER + row * (cell + GAP);
      ctx.fillStyle = band.fill;
      ctx.fillRect(x, y, cell, cell);
      ctx.fillStyle = band.text;
      ctx.fillText(rankCellLabel(state, rank), x + cell / 2, y + cell / 2);
    }
  }
  const image = ctx.getImageData(0, 0, WIDTH, height);
  return { rgba: image.data, width: WIDTH, height };
}

/**
 * Encodes the frames in order. `onFrame` runs after each one is drawn (progress); it may be
 * async, and a throw from it stops the render. Each frame gets its own palette: a grid has
 * few colours, but anti-aliased text needs the in-between shades.
 */
export async function renderGif(
  frames: readonly GifFrame[],
  onFrame: (done: number) => Promise<void> | void = () => {},
): Promise<Uint8Array> {
  if (frames.length === 0) throw new RangeError('A GIF needs at least one frame.');
  const encoder = gifenc.GIFEncoder();
  for (const [i, frame] of frames.entries()) {
    const { rgba, width, height } = drawFrame(frame);
    const palette = gifenc.quantize(rgba, 256);
    const index = gifenc.applyPalette(rgba, palette);
    const last = i === frames.length - 1;
    // repeat 0: loop forever (written once, with the first frame).
    encoder.writeFrame(index, width, height, {
      palette,
      delay: last ? LAST_FRAME_DELAY_MS : FRAME_DELAY_MS,
      ...(i === 0 && { repeat: 0 }),
    });
    await onFrame(i + 1);
  }
  encoder.finish();
  return encoder.bytes();
}
