import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Canvas, createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { RANK_BANDS, rankBandOf, rankCellLabel } from '@pinpoint/contracts';
import sharp from 'sharp';

/**
 * A prospect grid as a picture for the report PDF: coloured cells numbered with the rank,
 * in the bands of the scan view (RANK_BANDS). One canvas is drawn on again for every grid
 * (a report draws up to five), and the pixels are written as an RGB PNG at a low
 * compression level: pdfkit embeds an RGB PNG's data as it is, while an alpha channel would
 * make it decode and split every pixel in JavaScript.
 */

const FONT_FAMILY = 'DejaVu Sans';
/** Pixels per side: sharp at 3.5 in wide in the PDF (about 170 dpi). */
export const HEATMAP_PIXELS = 600;
const PAD = 6;
const GAP = 3;

let fontsRegistered = false;
function registerFonts(): void {
  if (fontsRegistered) return;
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  GlobalFonts.registerFromPath(join(dir, 'DejaVuSans.ttf'), FONT_FAMILY);
  GlobalFonts.registerFromPath(join(dir, 'DejaVuSans-Bold.ttf'), FONT_FAMILY);
  fontsRegistered = true;
}

let shared: { canvas: Canvas; ctx: SKRSContext2D } | null = null;
function surface() {
  if (!shared) {
    registerFonts();
    const canvas = createCanvas(HEATMAP_PIXELS, HEATMAP_PIXELS);
    shared = { canvas, ctx: canvas.getContext('2d') };
  }
  return shared;
}

export interface HeatmapInput {
  size: number;
  /** Row-major, size × size; null: the business was not in the results there. */
  ranks: readonly (number | null)[];
}

/** The grid as an opaque RGB PNG of HEATMAP_PIXELS × HEATMAP_PIXELS. */
export async function renderHeatmapPng(grid: HeatmapInput): Promise<Buffer> {
  const { ctx } = surface();
  const side = HEATMAP_PIXELS;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, side, side);
  const n = Math.max(1, grid.size);
  const cell = (side - 2 * PAD - GAP * (n - 1)) / n;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `bold ${Math.max(9, Math.floor(cell * 0.38))}px "${FONT_FAMILY}"`;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const rank = grid.ranks[row * n + col] ?? null;
      // The report's grids carry ranks only: a null rank is a measured point without us.
      const state = rank === null ? 'not_found' : 'found';
      const band = RANK_BANDS[rankBandOf(state, rank)];
      const x = PAD + col * (cell + GAP);
      const y = PAD + row * (cell + GAP);
      ctx.fillStyle = band.fill;
      ctx.fillRect(x, y, cell, cell);
      ctx.fillStyle = band.text;
      ctx.fillText(rankCellLabel(state, rank), x + cell / 2, y + cell / 2);
    }
  }
  // The centre point is the business itself: a ring marks it.
  const centre = Math.floor(n / 2);
  ctx.strokeStyle = '#212529';
  ctx.lineWidth = 3;
  ctx.strokeRect(
    PAD + centre * (cell + GAP) - 1.5,
    PAD + centre * (cell + GAP) - 1.5,
    cell + 3,
    cell + 3,
  );
  const { data } = ctx.getImageData(0, 0, side, side);
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width: side, height: side, channels: 4 },
  })
    .removeAlpha()
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}
