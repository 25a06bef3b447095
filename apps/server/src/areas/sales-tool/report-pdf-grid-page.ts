import {
  RANK_BANDS,
  type RankBand,
  type SalesReport,
  type SalesReportGrid,
} from '@pinpoint/contracts';
import {
  BOLD,
  CONTENT_BOTTOM,
  CONTENT_TOP,
  CONTENT_WIDTH,
  day,
  drawHeader,
  drawTable,
  FONT,
  fixed,
  INK,
  MUTED,
  moreLine,
  oneLine,
  PAGE,
  sectionTitle,
} from './report-pdf-layout';

const LEGEND: RankBand[] = ['top3', 'top10', 'top19', 'beyond'];

/** One page per grid: its heatmap, its figures and legend, and who leads there. */
export function drawGridPage(
  doc: PDFKit.PDFDocument,
  report: SalesReport,
  logo: Buffer | null,
  grid: SalesReportGrid,
  heatmap: Buffer | null,
) {
  const { brand } = report;
  drawHeader(doc, brand, logo);
  let y = CONTENT_TOP;
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(brand.primaryColor)
    .text(`“${grid.keyword}”`, PAGE.margin, y, { ...oneLine(CONTENT_WIDTH), height: 24 });
  y += 26;
  const measured = grid.finishedAt ? `measured ${day(grid.finishedAt)}` : 'still running';
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `${grid.size} × ${grid.size} points over a ${grid.radius} ${grid.unit} radius around the business, ${measured}. The ringed cell is the business; each cell is its rank there.`,
      PAGE.margin,
      y,
      { width: CONTENT_WIDTH, height: 26, ellipsis: true },
    );
  y += 30;
  const side = 340;
  if (heatmap) doc.image(heatmap, PAGE.margin, y, { width: side, height: side });
  // Figures to the right of the map.
  const x = PAGE.margin + side + 20;
  const width = CONTENT_WIDTH - side - 20;
  const m = grid.metrics;
  const figures: [string, string][] = [
    ['ATRP (average total rank)', fixed(m?.atrp)],
    ['ARP (average rank where found)', fixed(m?.arp)],
    ['SoLV (share of local voice)', m?.solv === null || !m ? '–' : `${fixed(m.solv, 0)}%`],
    ['Ranks 1–3 at', m ? `${m.top3} of ${m.measured} points` : '–'],
    ['Found in the top 20 at', m ? `${m.found} of ${m.measured} points` : '–'],
  ];
  let fy = y;
  for (const [label, value] of figures) {
    doc.font(FONT).fontSize(8).fillColor(MUTED).text(label, x, fy, oneLine(width));
    doc
      .font(BOLD)
      .fontSize(15)
      .fillColor(INK)
      .text(value, x, fy + 11, { ...oneLine(width), height: 20 });
    fy += 40;
  }
  fy += 6;
  for (const band of LEGEND) {
    doc.rect(x, fy, 10, 10).fillColor(RANK_BANDS[band].fill).fill();
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(INK)
      .text(RANK_BANDS[band].label, x + 15, fy + 1, oneLine(width - 15));
    fy += 15;
  }
  y += side + 18;

  y = sectionTitle(doc, `Who leads for “${grid.keyword}”`, y, brand.primaryColor);
  const leaders = grid.leaders ?? [];
  if (leaders.length === 0) {
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(MUTED)
      .text('No other business was seen in this grid.', PAGE.margin, y, oneLine(CONTENT_WIDTH));
    return;
  }
  const shown = leaders.slice(0, Math.floor((CONTENT_BOTTOM - y - 30) / 15));
  y = competitorTable(doc, shown, y);
  moreLine(doc, leaders.length - shown.length, 'businesses', y);
}

/** The competitors' table, shared by the grid pages and the last page. */
export function competitorTable(
  doc: PDFKit.PDFDocument,
  competitors: SalesReport['competitors'],
  y: number,
): number {
  return drawTable(
    doc,
    [
      { title: '#', width: 24, align: 'right' },
      { title: 'Business', width: 212 },
      { title: 'Ranks 1–3 at', width: 72, align: 'right' },
      { title: 'Seen at', width: 60, align: 'right' },
      { title: 'Avg. rank', width: 60, align: 'right' },
      { title: 'Strongest area', width: 88 },
    ],
    competitors.map((c, i) => [
      String(i + 1),
      c.name,
      `${c.top3Points} pts`,
      `${c.points} pts`,
      fixed(c.averageRank),
      c.strongestArea ?? '–',
    ]),
    y,
  );
}
