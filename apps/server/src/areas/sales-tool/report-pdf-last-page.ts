import type { SalesReport } from '@pinpoint/contracts';
import { competitorTable } from './report-pdf-grid-page';
import {
  BOLD,
  CONTENT_BOTTOM,
  CONTENT_TOP,
  CONTENT_WIDTH,
  cut,
  day,
  drawHeader,
  FONT,
  INK,
  MUTED,
  moreLine,
  oneLine,
  PAGE,
  sectionTitle,
} from './report-pdf-layout';

const STATUS_MARK = { found: '✓', mismatch: '!', missing: '✗' } as const;
const STATUS_COLOR = { found: '#1b7f3a', mismatch: '#b35c00', missing: '#c92a2a' } as const;

/** The last page: competitors, directories and recommendations, each cut to fit. */
export function drawLastPage(doc: PDFKit.PDFDocument, report: SalesReport, logo: Buffer | null) {
  const { brand } = report;
  drawHeader(doc, brand, logo);
  let y = sectionTitle(doc, 'Competitors across the maps', CONTENT_TOP, brand.primaryColor);
  if (report.competitors.length === 0) {
    doc.font(FONT).fontSize(9).fillColor(MUTED);
    doc.text('No competitor was seen yet.', PAGE.margin, y, oneLine(CONTENT_WIDTH));
    y += 20;
  } else {
    const shown = report.competitors.slice(0, 8);
    y = competitorTable(doc, shown, y);
    y = moreLine(doc, report.competitors.length - shown.length, 'competitors', y);
  }

  y = sectionTitle(doc, 'Business listings', y + 4, brand.primaryColor);
  const listings = report.listings;
  if (!listings) {
    doc.font(FONT).fontSize(9).fillColor(MUTED);
    doc.text('The directories have not been scanned yet.', PAGE.margin, y, oneLine(CONTENT_WIDTH));
    y += 20;
  } else {
    const counts = { found: 0, mismatch: 0, missing: 0 };
    for (const d of listings.directories) counts[d.status] += 1;
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(INK)
      .text(
        `Score ${listings.score}/100 on ${day(listings.scannedAt)}: listed correctly on ${counts.found}, with wrong details on ${counts.mismatch}, missing from ${counts.missing} of ${listings.directories.length} directories.`,
        PAGE.margin,
        y,
        oneLine(CONTENT_WIDTH),
      );
    y += 16;
    // Problems first: they are what the prospect needs to see.
    const order = { missing: 0, mismatch: 1, found: 2 };
    const sorted = [...listings.directories].sort((a, b) => order[a.status] - order[b.status]);
    const perRow = 3;
    const shown = sorted.slice(0, 18);
    const colWidth = CONTENT_WIDTH / perRow;
    for (const [i, d] of shown.entries()) {
      const cx = PAGE.margin + (i % perRow) * colWidth;
      const cy = y + Math.floor(i / perRow) * 13;
      doc
        .font(BOLD)
        .fontSize(8)
        .fillColor(STATUS_COLOR[d.status])
        .text(STATUS_MARK[d.status], cx, cy, oneLine(10));
      const issues = d.status === 'mismatch' && d.issues.length ? ` (${d.issues.join(', ')})` : '';
      doc
        .font(FONT)
        .fillColor(INK)
        .text(`${d.name}${issues}`, cx + 11, cy, oneLine(colWidth - 14));
    }
    y += Math.ceil(shown.length / perRow) * 13 + 8;
    y = moreLine(doc, sorted.length - shown.length, 'directories', y + 4);
  }

  y = sectionTitle(doc, 'Recommendations', y + 4, brand.primaryColor);
  drawRecommendations(doc, report.recommendations, y);
}

/** Numbered, each title and body measured; what no longer fits becomes "and N more". */
function drawRecommendations(
  doc: PDFKit.PDFDocument,
  recommendations: SalesReport['recommendations'],
  top: number,
) {
  let y = top;
  if (recommendations.length === 0) {
    doc.font(FONT).fontSize(9).fillColor(MUTED);
    doc.text('No recommendation has been drafted yet.', PAGE.margin, y, oneLine(CONTENT_WIDTH));
    return;
  }
  const width = CONTENT_WIDTH - 18;
  const reserve = 14; // room for the "and N more" line
  for (const [i, rec] of recommendations.entries()) {
    const body = cut(rec.body, 420);
    doc.font(FONT).fontSize(8.5);
    const bodyHeight = doc.heightOfString(body, { width });
    const needed = 14 + bodyHeight + 8;
    const last = i === recommendations.length - 1;
    if (y + needed > CONTENT_BOTTOM - (last ? 0 : reserve)) {
      moreLine(doc, recommendations.length - i, 'recommendations in the online report', y + 4);
      return;
    }
    doc
      .font(BOLD)
      .fontSize(9.5)
      .fillColor(INK)
      .text(`${i + 1}.`, PAGE.margin, y, oneLine(18))
      .text(rec.title, PAGE.margin + 18, y, oneLine(width));
    doc
      .font(FONT)
      .fontSize(8.5)
      .fillColor('#343a40')
      .text(body, PAGE.margin + 18, y + 14, { width, height: bodyHeight + 2 });
    y += needed;
  }
}
