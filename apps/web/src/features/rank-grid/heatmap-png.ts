import { KM_PER_MILE, type Scan } from '@pinpoint/contracts';
import { BAND_ORDER, BAND_STYLES, pinText, rankBand } from '../../components/rank-grid/rank-bands';

/** Kilometres per degree of latitude (mean); enough for a picture's scale bar. */
const KM_PER_DEGREE = 111.32;
const WIDTH = 1000;
const MAP = { top: 110, size: 760, margin: 60 };
const HEIGHT = MAP.top + MAP.size + 230;

export interface HeatmapImageInput {
  scan: Pick<Scan, 'keyword' | 'createdAt' | 'centre' | 'points' | 'size' | 'radius' | 'unit'>;
  atrp: number | null;
  business?: { lat: number; lng: number; name: string } | null;
}

/** A "nice" length (1, 2 or 5 × 10ⁿ) not longer than `max`. */
export function niceLength(max: number): number {
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [5, 2, 1]) if (step * power <= max) return step * power;
  return power;
}

/**
 * Draws the heatmap as a picture of its own (no map tiles, so it never depends on a tile
 * server or its licence): title, the pins coloured and numbered, the business, a scale bar
 * and the legend. Positions are an equirectangular projection around the grid's centre,
 * which is accurate to well under a pin's width at grid sizes (≤ 100 mi).
 */
export function drawHeatmap(ctx: CanvasRenderingContext2D, input: HeatmapImageInput): void {
  const { scan } = input;
  ctx.canvas.width = WIDTH;
  ctx.canvas.height = HEIGHT;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);

  ctx.fillStyle = '#1a1a1a';
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.font = 'bold 30px sans-serif';
  ctx.fillText(`“${scan.keyword}”`, 40, 50, WIDTH - 80);
  ctx.font = '20px sans-serif';
  const atrp = input.atrp === null ? 'no data' : input.atrp.toFixed(1);
  ctx.fillText(
    `${scan.createdAt.slice(0, 10)} · ${scan.size}×${scan.size} grid, ${scan.radius} ${scan.unit} radius · ATRP ${atrp}`,
    40,
    85,
  );

  const cosLat = Math.cos((scan.centre.lat * Math.PI) / 180);
  const xs = scan.points.map((p) => (p.lng - scan.centre.lng) * cosLat);
  const ys = scan.points.map((p) => p.lat - scan.centre.lat);
  const extent = Math.max(1e-9, ...xs.map(Math.abs), ...ys.map(Math.abs));
  const inner = MAP.size / 2 - MAP.margin;
  const pxPerDegree = inner / extent;
  const cx = WIDTH / 2;
  const cy = MAP.top + MAP.size / 2;
  const toPx = (lat: number, lng: number) => ({
    x: cx + (lng - scan.centre.lng) * cosLat * pxPerDegree,
    y: cy - (lat - scan.centre.lat) * pxPerDegree,
  });

  ctx.fillStyle = '#f1f3f5';
  ctx.fillRect((WIDTH - MAP.size) / 2, MAP.top, MAP.size, MAP.size);

  const spacingPx = scan.size > 1 ? (2 * inner) / (scan.size - 1) : inner;
  const radius = Math.max(9, Math.min(30, spacingPx * 0.42));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const point of scan.points) {
    const { x, y } = toPx(point.lat, point.lng);
    const style = BAND_STYLES[rankBand(point)];
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    ctx.fillStyle = style.fill;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.fillStyle = style.text;
    ctx.font = `bold ${Math.round(radius * 0.8)}px sans-serif`;
    ctx.fillText(pinText(point), x, y + 1, radius * 1.9);
  }

  if (input.business) {
    const { x, y } = toPx(input.business.lat, input.business.lng);
    ctx.beginPath();
    ctx.moveTo(x, y - radius * 0.9);
    ctx.lineTo(x + radius * 0.6, y);
    ctx.lineTo(x, y + radius * 0.9);
    ctx.lineTo(x - radius * 0.6, y);
    ctx.closePath();
    ctx.lineWidth = 4;
    ctx.strokeStyle = '#0b3d91';
    ctx.stroke();
  }

  // Scale bar in the scan's own unit, about a quarter of the map wide at most.
  const kmPerPx = KM_PER_DEGREE / pxPerDegree;
  const unitKm = scan.unit === 'mi' ? KM_PER_MILE : 1;
  const length = niceLength((MAP.size / 4) * (kmPerPx / unitKm));
  const barPx = (length * unitKm) / kmPerPx;
  // Below the map, so it never covers a pin.
  const barX = (WIDTH - MAP.size) / 2;
  const barY = MAP.top + MAP.size + 34;
  ctx.fillStyle = '#1a1a1a';
  ctx.fillRect(barX, barY, barPx, 4);
  ctx.fillRect(barX, barY - 8, 2, 12);
  ctx.fillRect(barX + barPx - 2, barY - 8, 2, 12);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.font = '16px sans-serif';
  ctx.fillText(`${length} ${scan.unit}`, barX + barPx + 10, barY + 6);

  // Legend, two columns below the map.
  const legendTop = MAP.top + MAP.size + 80;
  ctx.font = '18px sans-serif';
  const entries = [
    ...BAND_ORDER.map((band) => ({ fill: BAND_STYLES[band].fill, label: BAND_STYLES[band].label })),
    ...(input.business ? [{ fill: null, label: `${input.business.name} (the business)` }] : []),
  ];
  entries.forEach((entry, i) => {
    const x = 60 + (i % 2) * 460;
    const y = legendTop + Math.floor(i / 2) * 36;
    if (entry.fill) {
      ctx.fillStyle = entry.fill;
      ctx.beginPath();
      ctx.arc(x, y, 11, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      // The same diamond as on the map.
      ctx.strokeStyle = '#0b3d91';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(x, y - 11);
      ctx.lineTo(x + 8, y);
      ctx.lineTo(x, y + 11);
      ctx.lineTo(x - 8, y);
      ctx.closePath();
      ctx.stroke();
    }
    ctx.fillStyle = '#1a1a1a';
    ctx.textBaseline = 'middle';
    ctx.fillText(entry.label, x + 22, y, 420);
  });
}

/** The heatmap as PNG bytes, drawn on a detached canvas. */
export function heatmapPng(input: HeatmapImageInput): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This browser cannot draw the picture.'));
  drawHeatmap(ctx, input);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))),
      'image/png',
    ),
  );
}
