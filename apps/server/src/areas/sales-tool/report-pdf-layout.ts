import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type AgencyBrand, formatDay } from '@pinpoint/contracts';

/**
 * The prospect report PDF's page furniture: fonts, the branded header and footer, one-line
 * table rows and score tiles. Everything is placed at explicit coordinates and every text
 * box is bounded (one line, or a measured height), so pdfkit never breaks onto a page of
 * its own: the page count is the contract's salesReportPageCount, exactly.
 */

export const PAGE = { width: 612, height: 792, margin: 48 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Below the header band. */
export const CONTENT_TOP = 96;
/** Above the footer. */
export const CONTENT_BOTTOM = PAGE.height - 56;
export const FONT = 'Body';
export const BOLD = 'Bold';
export const MUTED = '#5c636a';
export const INK = '#212529';

let fontFiles: { regular: string; bold: string } | null = null;
/** DejaVu Sans (the heatmaps' font too): any business name's letters, ✓ and ★ included. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontFiles = { regular: join(dir, 'DejaVuSans.ttf'), bold: join(dir, 'DejaVuSans-Bold.ttf') };
  }
  doc.registerFont(FONT, fontFiles.regular);
  doc.registerFont(BOLD, fontFiles.bold);
}

/** The agency's logo (or its name in its colour) and a rule in the primary colour. */
export function drawHeader(doc: PDFKit.PDFDocument, brand: AgencyBrand, logo: Buffer | null) {
  const top = 30;
  if (logo) {
    doc.image(logo, PAGE.margin, top, { fit: [140, 40], valign: 'center' });
  } else {
    doc
      .font(BOLD)
      .fontSize(16)
      .fillColor(brand.primaryColor)
      .text(brand.name, PAGE.margin, top + 10, oneLine(300));
  }
  const contact = [brand.email, brand.phone].filter(Boolean).join(' · ');
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor(MUTED)
    .text(logo ? brand.name : '', PAGE.margin + 260, top + 8, { ...oneLine(256), align: 'right' })
    .text(contact, PAGE.margin + 260, top + 22, { ...oneLine(256), align: 'right' });
  doc
    .rect(PAGE.margin, top + 48, CONTENT_WIDTH, 3)
    .fillColor(brand.primaryColor)
    .fill();
}

/** The footer line; the bottom margin is lifted while it is written (or pdfkit adds a page). */
export function drawFooter(doc: PDFKit.PDFDocument, left: string, right: string) {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const y = PAGE.height - 36;
  doc.font(FONT).fontSize(7.5).fillColor(MUTED);
  doc.text(left, PAGE.margin, y, oneLine(CONTENT_WIDTH - 80));
  doc.text(right, PAGE.margin + CONTENT_WIDTH - 80, y, { ...oneLine(80), align: 'right' });
  doc.page.margins.bottom = bottom;
}

/** A box one line high: longer text ends with an ellipsis instead of wrapping. */
export function oneLine(width: number): PDFKit.Mixins.TextOptions {
  return { width, height: 14, lineBreak: false, ellipsis: true };
}

export function sectionTitle(doc: PDFKit.PDFDocument, text: string, y: number, color: string) {
  doc.font(BOLD).fontSize(13).fillColor(color).text(text, PAGE.margin, y, oneLine(CONTENT_WIDTH));
  return y + 20;
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A header row and one-line rows; returns the y under the table. */
export function drawTable(
  doc: PDFKit.PDFDocument,
  columns: readonly Column[],
  rows: readonly string[][],
  y: number,
  x = PAGE.margin,
): number {
  const rowHeight = 15;
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const cells = (values: readonly string[], top: number) => {
    let left = x;
    for (const [i, column] of columns.entries()) {
      doc.text(values[i] ?? '', left + 3, top + 3, {
        ...oneLine(column.width - 6),
        align: column.align ?? 'left',
      });
      left += column.width;
    }
  };
  doc.rect(x, y, total, rowHeight).fillColor('#e9ecef').fill();
  doc.font(BOLD).fontSize(8).fillColor(INK);
  cells(
    columns.map((c) => c.title),
    y,
  );
  let top = y + rowHeight;
  doc.font(FONT).fontSize(8);
  for (const [index, row] of rows.entries()) {
    if (index % 2 === 1) doc.rect(x, top, total, rowHeight).fillColor('#f8f9fa').fill();
    doc.fillColor(INK);
    cells(row, top);
    top += rowHeight;
  }
  doc
    .moveTo(x, top)
    .lineTo(x + total, top)
    .lineWidth(0.5)
    .strokeColor('#adb5bd')
    .stroke();
  return top + 8;
}

/** A score tile: a big figure over its label, the figure in a colour that grades it. */
export function drawTile(
  doc: PDFKit.PDFDocument,
  box: { x: number; y: number; width: number },
  figure: string,
  label: string,
  color: string,
) {
  const height = 58;
  doc
    .roundedRect(box.x, box.y, box.width, height, 4)
    .lineWidth(0.8)
    .strokeColor('#ced4da')
    .stroke();
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(color)
    .text(figure, box.x + 6, box.y + 9, { ...oneLine(box.width - 12), height: 24 });
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor(MUTED)
    .text(label, box.x + 6, box.y + 37, oneLine(box.width - 12));
  return box.y + height;
}

/** Lighthouse's own grading: 90+ good, 50–89 needs work, under 50 poor. */
export function scoreColor(score: number): string {
  if (score >= 90) return '#1b7f3a';
  if (score >= 50) return '#b35c00';
  return '#c92a2a';
}

export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** An ISO timestamp as the report's day. */
export const day = (iso: string) => formatDay(iso.slice(0, 10));
/** A figure with fixed decimals, or a dash when there is none. */
export const fixed = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined ? '–' : value.toFixed(digits);

/** The "and N more …" line under a list that was cut; returns the y under it. */
export function moreLine(doc: PDFKit.PDFDocument, more: number, what: string, y: number): number {
  if (more <= 0) return y;
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor(MUTED)
    .text(`and ${more} more ${what}`, PAGE.margin, y - 4, oneLine(CONTENT_WIDTH));
  return y + 10;
}
