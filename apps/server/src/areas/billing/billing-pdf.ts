import { formatBillingCents, formatDay, type InvoiceDetail } from '@pinpoint/contracts';
import PDFDocument from 'pdfkit';

const MARGIN = 48;
const STAMP: Record<InvoiceDetail['status'], { text: string; color: string }> = {
  paid: { text: 'PAID', color: '#198754' },
  overdue: { text: 'OVERDUE', color: '#dc3545' },
  open: { text: 'OPEN', color: '#0d6efd' },
  void: { text: 'VOID', color: '#6c757d' },
};

/**
 * One invoice as a PDF (pdfkit, text, so it can be searched and read back): the agency, the
 * client, number, period, dates, a line per product, the total, what was paid and what is
 * owed, and the status stamp. The figures are the invoice detail's (the page shows the same).
 */
export function renderInvoicePdf(input: {
  agencyName: string;
  invoice: InvoiceDetail;
}): Promise<Buffer> {
  const { agencyName, invoice } = input;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.number}`, Author: agencyName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  const right = MARGIN + width;
  const stamp = STAMP[invoice.status];

  doc.fontSize(20).fillColor('#000').text(agencyName, MARGIN, MARGIN);
  doc
    .fontSize(10)
    .fillColor('#444')
    .text('Invoice', MARGIN, doc.y + 2);
  doc
    .fontSize(16)
    .fillColor(stamp.color)
    .text(stamp.text, MARGIN, MARGIN, { width, align: 'right' });

  doc.moveDown(2);
  const top = doc.y;
  doc.fontSize(9).fillColor('#666').text('Billed to', MARGIN, top);
  doc
    .fontSize(11)
    .fillColor('#000')
    .text(invoice.companyName, MARGIN, top + 12, { width: width / 2 });
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Period', `${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`],
    ['Issued', formatDay(invoice.issuedOn)],
    ['Due', formatDay(invoice.dueOn)],
  ];
  let y = top;
  for (const [label, value] of facts) {
    doc
      .fontSize(9)
      .fillColor('#666')
      .text(label, MARGIN + width / 2, y, { width: width / 4 });
    doc
      .fillColor('#000')
      .text(value, MARGIN + (width * 3) / 4, y, { width: width / 4, align: 'right' });
    y += 14;
  }

  y = Math.max(y, doc.y) + 24;
  const amountX = right - 110;
  doc.fontSize(9).fillColor('#000');
  doc.text('Description', MARGIN, y).text('Service days', MARGIN + width * 0.5, y);
  doc.text('Amount', amountX, y, { width: 110, align: 'right' });
  y += 14;
  rule(doc, y - 3, width);
  for (const line of invoice.lines) {
    const height = doc.heightOfString(line.description, { width: width * 0.48 });
    if (y + height > doc.page.height - MARGIN - 80) {
      doc.addPage();
      y = MARGIN;
    }
    doc.fillColor('#000').text(line.description, MARGIN, y, { width: width * 0.48 });
    doc.text(
      `${formatDay(line.periodStart)} – ${formatDay(line.periodEnd)}`,
      MARGIN + width * 0.5,
      y,
    );
    doc.text(formatBillingCents(line.amountCents), amountX, y, { width: 110, align: 'right' });
    y += Math.max(height, 12) + 4;
  }
  rule(doc, y, width);
  y += 8;
  const totals: [string, string][] = [
    ['Total', formatBillingCents(invoice.totalCents)],
    ['Paid', formatBillingCents(invoice.amountPaidCents)],
    ['Balance due', formatBillingCents(invoice.balanceCents)],
  ];
  for (const [label, value] of totals) {
    doc
      .fontSize(10)
      .fillColor('#000')
      .text(label, amountX - 140, y, { width: 130, align: 'right' });
    doc.text(value, amountX, y, { width: 110, align: 'right' });
    y += 15;
  }

  y += 16;
  doc.fontSize(9).fillColor('#444');
  for (const payment of invoice.payments) {
    const method =
      payment.method === 'us_bank_account'
        ? `bank account ending ${payment.last4 ?? '----'}`
        : `${payment.brand ?? 'card'} ending ${payment.last4 ?? '----'}`;
    doc.text(
      `Payment of ${formatBillingCents(payment.amountCents)} received ${formatDay(payment.paidAt.slice(0, 10))} (${method}).`,
      MARGIN,
      y,
    );
    y += 13;
  }
  if (invoice.status === 'overdue')
    doc.fillColor(stamp.color).text(`This invoice was due ${formatDay(invoice.dueOn)}.`, MARGIN, y);
  if (invoice.status === 'void') doc.text('This invoice was voided: nothing is owed.', MARGIN, y);
  doc.end();
  return done;
}

function rule(doc: PDFKit.PDFDocument, y: number, width: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor('#999')
    .lineWidth(0.5)
    .stroke();
}
