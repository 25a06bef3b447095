import { formatDay, formatPerformanceValue, type PerformanceSeries } from '@pinpoint/contracts';
import PDFDocument from 'pdfkit';

const COLORS = ['#0d6efd', '#198754', '#dc3545', '#fd7e14', '#6f42c1'];
const MARGIN = 48;

/**
 * The performance report as a PDF (pdfkit, vector): per source its title, its totals
 * against the previous period, and a line chart of its days with axes, ticks and a legend.
 * Numbers only come from the series (the same figures the page shows).
 */
export function renderPerformancePdf(input: {
  companyName: string;
  range: { from: string; to: string };
  series: PerformanceSeries[];
  missing: string[];
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Performance report: ${input.companyName}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;

  doc.fontSize(18).fillColor('#000').text(`Performance report: ${input.companyName}`);
  doc
    .fontSize(10)
    .fillColor('#444')
    .text(`${formatDay(input.range.from)} – ${formatDay(input.range.to)}`);
  if (input.series.length === 0) doc.moveDown().text('No source has data for this company.');
  for (const line of input.missing) doc.fontSize(9).fillColor('#666').text(line);

  for (const [index, s] of input.series.entries()) {
    if (index > 0 || doc.y > 200) doc.addPage();
    else doc.moveDown();
    doc.fontSize(14).fillColor('#000').text(s.title);
    doc
      .fontSize(9)
      .fillColor('#666')
      .text(
        `Previous period ${formatDay(s.previousRange.from)} – ${formatDay(s.previousRange.to)}` +
          (s.lastSyncedAt
            ? ` · last synced ${s.lastSyncedAt.slice(0, 16).replace('T', ' ')} UTC`
            : ''),
      );
    doc.moveDown(0.5);
    drawTotals(doc, s, width);
    doc.moveDown();
    drawChart(doc, s, MARGIN, doc.y, width, 220);
  }
  doc.end();
  return done;
}

function drawTotals(doc: PDFKit.PDFDocument, s: PerformanceSeries, width: number) {
  const cols = [MARGIN, MARGIN + width * 0.45, MARGIN + width * 0.7];
  let y = doc.y;
  doc.fontSize(9).fillColor('#000');
  doc
    .text('Metric', cols[0], y)
    .text('This period', cols[1], y)
    .text('Previous period', cols[2], y);
  y += 14;
  doc
    .moveTo(MARGIN, y - 2)
    .lineTo(MARGIN + width, y - 2)
    .strokeColor('#999')
    .lineWidth(0.5)
    .stroke();
  for (const m of s.metrics) {
    doc
      .fillColor('#000')
      .text(m.label, cols[0], y)
      .text(formatPerformanceValue(m.key, s.totals[m.key] ?? 0), cols[1], y)
      .text(formatPerformanceValue(m.key, s.previousTotals[m.key] ?? 0), cols[2], y);
    y += 13;
  }
  doc.x = MARGIN;
  doc.y = y;
}

function drawChart(
  doc: PDFKit.PDFDocument,
  s: PerformanceSeries,
  x0: number,
  y0: number,
  width: number,
  height: number,
) {
  const left = x0 + 40;
  const bottom = y0 + height - 30;
  const top = y0 + 10;
  const right = x0 + width;
  const max = Math.max(1, ...s.days.flatMap((d) => s.metrics.map((m) => d.values[m.key] ?? 0)));
  const xAt = (i: number) =>
    left + (s.days.length <= 1 ? 0 : (i / (s.days.length - 1)) * (right - left));
  const yAt = (v: number) => bottom - (v / max) * (bottom - top);
  // Axes, y ticks (0, ½, max) and the first, middle and last day under the x axis.
  doc
    .lineWidth(0.7)
    .strokeColor('#333')
    .moveTo(left, top)
    .lineTo(left, bottom)
    .lineTo(right, bottom)
    .stroke();
  doc.fontSize(7).fillColor('#333');
  for (const v of [0, Math.round(max / 2), max]) {
    doc.text(v.toLocaleString('en-US'), x0, yAt(v) - 3, { width: 36, align: 'right' });
    doc
      .moveTo(left - 3, yAt(v))
      .lineTo(left, yAt(v))
      .stroke();
  }
  const ticks = [...new Set([0, Math.floor((s.days.length - 1) / 2), s.days.length - 1])];
  for (const i of ticks) {
    const day = s.days[i]?.day;
    if (day) doc.text(formatDay(day), xAt(i) - 30, bottom + 4, { width: 60, align: 'center' });
  }
  for (const [mi, m] of s.metrics.entries()) {
    const color = COLORS[mi % COLORS.length] ?? '#000';
    doc.lineWidth(1).strokeColor(color);
    s.days.forEach((d, i) => {
      const y = yAt(d.values[m.key] ?? 0);
      if (i === 0) doc.moveTo(xAt(i), y);
      else doc.lineTo(xAt(i), y);
    });
    doc.stroke();
    // Legend under the chart.
    const lx = left + mi * ((right - left) / s.metrics.length);
    doc
      .rect(lx, bottom + 18, 8, 8)
      .fillColor(color)
      .fill();
    doc.fillColor('#000').text(m.label, lx + 11, bottom + 18, { width: 90 });
  }
  doc.x = MARGIN;
  doc.y = bottom + 36;
}
