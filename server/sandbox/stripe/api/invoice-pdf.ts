import type Stripe from 'stripe';
import { formatDate, formatMoney } from '../billing/amounts';

/**
 * A one-page PDF of an invoice, written by hand (PDF 1.4, Helvetica, no dependency): enough for a
 * browser to open and a person to read, which is what the product links to.
 */
function escapePdf(text: string): string {
  return text
    .replace(/[^\x20-\x7e]/g, (c) => (c === '×' ? 'x' : c === '€' ? 'EUR ' : '?'))
    .replace(/([\\()])/g, '\\$1');
}

export function renderInvoicePdf(invoice: Stripe.Invoice): Buffer {
  const rows: string[] = [
    `Invoice ${invoice.number ?? invoice.id}`,
    `Status: ${invoice.status}`,
    `Date: ${formatDate(invoice.created)}`,
    `Billed to: ${invoice.customer_name ?? ''} ${invoice.customer_email ?? ''}`,
    '',
    ...invoice.lines.data.map(
      (line) => `${line.description ?? ''}   ${formatMoney(line.amount, invoice.currency)}`,
    ),
    '',
    `Subtotal: ${formatMoney(invoice.subtotal, invoice.currency)}`,
    ...(invoice.total_discount_amounts ?? []).map(
      (d) => `Discount: -${formatMoney(d.amount, invoice.currency)}`,
    ),
    ...(invoice.total_taxes ?? []).map((t) => `Tax: ${formatMoney(t.amount, invoice.currency)}`),
    `Total: ${formatMoney(invoice.total, invoice.currency)}`,
    `Amount due: ${formatMoney(invoice.amount_due, invoice.currency)}`,
    `Amount paid: ${formatMoney(invoice.amount_paid, invoice.currency)}`,
    '',
    'Stripe sandbox - not a real invoice',
  ];
  const text = rows
    .map((row, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 50 ${780 - i * 18} Td (${escapePdf(row)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
