import type { SalesReport, SalesReportGrid } from '@pinpoint/contracts';
import {
  BOLD,
  CONTENT_TOP,
  CONTENT_WIDTH,
  day,
  drawHeader,
  drawTable,
  drawTile,
  FONT,
  fixed,
  INK,
  MUTED,
  oneLine,
  PAGE,
  scoreColor,
  sectionTitle,
} from './report-pdf-layout';

/** The prospect report's first page: the business, four score tiles, the grids in a table. */
export function drawCover(doc: PDFKit.PDFDocument, report: SalesReport, logo: Buffer | null) {
  const { brand, business } = report;
  drawHeader(doc, brand, logo);
  let y = CONTENT_TOP + 8;
  doc
    .font(BOLD)
    .fontSize(24)
    .fillColor(brand.primaryColor)
    .text('Local visibility report', PAGE.margin, y, { ...oneLine(CONTENT_WIDTH), height: 30 });
  y += 38;
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(INK)
    .text(business.name, PAGE.margin, y, { ...oneLine(CONTENT_WIDTH), height: 24 });
  y += 26;
  const about = [business.category, business.address, business.website].filter(Boolean);
  doc.font(FONT).fontSize(9.5).fillColor(MUTED);
  for (const line of about) {
    doc.text(line ?? '', PAGE.margin, y, oneLine(CONTENT_WIDTH));
    y += 14;
  }
  const prepared = report.preparedBy
    ? `Prepared on ${day(report.generatedAt)} by ${report.preparedBy}, ${brand.name}`
    : `Prepared on ${day(report.generatedAt)} by ${brand.name}`;
  doc.text(prepared, PAGE.margin, y + 4, oneLine(CONTENT_WIDTH));
  y += 30;

  // Four tiles: reviews, listings, page speed, the grids' average total rank.
  const gap = 10;
  const tile = (CONTENT_WIDTH - 3 * gap) / 4;
  const at = (i: number) => ({ x: PAGE.margin + i * (tile + gap), y, width: tile });
  const rating = business.rating;
  drawTile(
    doc,
    at(0),
    rating === null ? '–' : `${rating.toFixed(1)} ★`,
    business.reviewCount === null
      ? 'Google rating'
      : `Google rating, ${business.reviewCount.toLocaleString('en-US')} reviews`,
    rating === null ? MUTED : rating >= 4.5 ? '#1b7f3a' : rating >= 4 ? '#b35c00' : '#c92a2a',
  );
  const listings = report.listings;
  drawTile(
    doc,
    at(1),
    listings ? `${listings.score}/100` : '–',
    listings ? 'Listings score' : 'Listings: not scanned yet',
    listings ? scoreColor(listings.score) : MUTED,
  );
  const speed = report.pageSpeed;
  drawTile(
    doc,
    at(2),
    speed ? String(speed.performance) : '–',
    speed ? `Page speed (${speed.strategy})` : 'Page speed: not measured',
    speed ? scoreColor(speed.performance) : MUTED,
  );
  const summary = gridSummary(report.grids);
  y = drawTile(doc, at(3), fixed(summary.averageAtrp), 'Average rank (ATRP)', brand.accentColor);
  y += 18;

  y = sectionTitle(doc, 'What the maps show', y, brand.primaryColor);
  doc
    .font(FONT)
    .fontSize(9.5)
    .fillColor(INK)
    .text(summary.sentence, PAGE.margin, y, { width: CONTENT_WIDTH, height: 60, ellipsis: true });
  y += Math.min(60, doc.heightOfString(summary.sentence, { width: CONTENT_WIDTH })) + 10;
  if (report.grids.length > 0) {
    y = drawTable(
      doc,
      [
        { title: 'Keyword', width: 196 },
        { title: 'Grid', width: 80 },
        { title: 'ATRP', width: 60, align: 'right' },
        { title: 'ARP', width: 60, align: 'right' },
        { title: 'SoLV', width: 60, align: 'right' },
        { title: 'Top 3 at', width: 60, align: 'right' },
      ],
      report.grids.map((grid) => [
        grid.keyword,
        `${grid.size}×${grid.size}, ${grid.radius} ${grid.unit}`,
        fixed(grid.metrics?.atrp),
        fixed(grid.metrics?.arp),
        grid.metrics?.solv === null || grid.metrics === null
          ? '–'
          : `${fixed(grid.metrics.solv, 0)}%`,
        grid.metrics ? `${grid.metrics.top3}/${grid.metrics.measured}` : '–',
      ]),
      y,
    );
  }
  if (speed) {
    y = sectionTitle(doc, 'Website page speed', y + 6, brand.primaryColor);
    const scores: [string, number][] = [
      ['Performance', speed.performance],
      ['Accessibility', speed.accessibility],
      ['Best practices', speed.bestPractices],
      ['SEO', speed.seo],
    ];
    for (const [i, [label, score]] of scores.entries()) {
      drawTile(doc, at(i), String(score), label, scoreColor(score));
    }
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${speed.url}, ${speed.strategy}, measured ${day(speed.measuredAt)}. 90+ good, 50–89 needs work.`,
        PAGE.margin,
        y + 64,
        oneLine(CONTENT_WIDTH),
      );
  }
}

/** ATRP and top-3 points across the grids, in figures and in one plain sentence. */
export function gridSummary(grids: readonly SalesReportGrid[]) {
  const measured = grids.filter((g) => g.metrics && g.metrics.atrp !== null);
  const averageAtrp =
    measured.length === 0
      ? null
      : measured.reduce((sum, g) => sum + (g.metrics?.atrp ?? 0), 0) / measured.length;
  if (measured.length === 0) {
    return { averageAtrp, sentence: 'No grid has finished yet: the maps have no ranks to show.' };
  }
  const points = measured.reduce((sum, g) => sum + (g.metrics?.measured ?? 0), 0);
  const top3 = measured.reduce((sum, g) => sum + (g.metrics?.top3 ?? 0), 0);
  const sorted = [...measured].sort((a, b) => (a.metrics?.atrp ?? 0) - (b.metrics?.atrp ?? 0));
  const best = sorted[0];
  const worst = sorted.at(-1);
  const share = points === 0 ? 0 : Math.round((100 * top3) / points);
  let sentence =
    `Across ${measured.length} keyword${measured.length === 1 ? '' : 's'}, the business shows in ` +
    `the map pack (ranks 1–3) at ${top3} of ${points} points searched (${share}%). ` +
    `Its average total rank (ATRP, where 21 means not in the top 20; lower is better) is ` +
    `${fixed(averageAtrp)}.`;
  if (best && worst && best !== worst) {
    sentence +=
      ` Strongest for "${best.keyword}" (ATRP ${fixed(best.metrics?.atrp)}), ` +
      `weakest for "${worst.keyword}" (ATRP ${fixed(worst.metrics?.atrp)}).`;
  }
  return { averageAtrp, sentence };
}
