import { type SalesReport, salesReportPageCount } from '@pinpoint/contracts';
import PDFDocument from 'pdfkit';
import { renderHeatmapPng } from './report-heatmap';
import { drawCover } from './report-pdf-cover';
import { drawGridPage } from './report-pdf-grid-page';
import { drawLastPage } from './report-pdf-last-page';
import { drawFooter, PAGE, registerPdfFonts } from './report-pdf-layout';

export { gridSummary } from './report-pdf-cover';

/**
 * The prospect report as a PDF (white label: the agency's logo, name and colours), in
 * exactly salesReportPageCount(grids) pages: a cover (business, reviews, page speed, listings
 * score, the grids' ATRP), one page per grid (its heatmap, figures and leaders), and a last
 * page (competitors, directories, recommendations, cut to fit with "and N more").
 * Deterministic: the same report gives the same bytes (the creation date is the report's).
 */
export async function renderProspectReportPdf(
  report: SalesReport,
  logo: Buffer | null,
): Promise<Buffer> {
  // Drawn first, one after the other on one canvas, so the document is written in one go.
  const heatmaps: Buffer[] = [];
  for (const grid of report.grids) heatmaps.push(await renderHeatmapPng(grid));

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `Local visibility report: ${report.business.name}`,
      Author: report.brand.name,
      CreationDate: new Date(report.generatedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerPdfFonts(doc);

  drawCover(doc, report, logo);
  for (const [index, grid] of report.grids.entries()) {
    doc.addPage();
    drawGridPage(doc, report, logo, grid, heatmaps[index] ?? null);
  }
  doc.addPage();
  drawLastPage(doc, report, logo);

  const pages = doc.bufferedPageRange().count;
  const expected = salesReportPageCount(report.grids.length);
  // A text box that overflowed would have added a page: never send such a report.
  if (pages !== expected) throw new Error(`prospect report has ${pages} pages, not ${expected}`);
  const left = `${report.brand.name} · local visibility report for ${report.business.name}`;
  for (let page = 0; page < pages; page++) {
    doc.switchToPage(page);
    drawFooter(doc, left, `Page ${page + 1} of ${pages}`);
  }
  doc.end();
  return done;
}
