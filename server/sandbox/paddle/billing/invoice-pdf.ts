import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TransactionEntity } from './transaction-entity';

// The invoice PDF of a billed transaction, as Paddle serves it: a signed link that expires (Paddle's
// last an hour), and a small but valid PDF (one page of Helvetica text) with what the invoice says.

const LINK_LIFETIME_S = 3_600;

function signatureOf(secret: string, transactionId: string, expires: number): string {
  return createHmac('sha256', secret).update(`invoice:${transactionId}:${expires}`).digest('hex');
}

/** The signed path of a transaction's invoice, good for an hour from `nowS`. */
export function invoicePath(secret: string, transactionId: string, nowS: number): string {
  const expires = nowS + LINK_LIFETIME_S;
  return `/sandbox/paddle/invoices/${transactionId}.pdf?expires=${expires}&signature=${signatureOf(secret, transactionId, expires)}`;
}

/** Whether a link's signature is the sandbox's and it has not expired. */
export function invoiceLinkValid(
  secret: string,
  transactionId: string,
  expires: string | undefined,
  signature: string | undefined,
  nowS: number,
): boolean {
  const at = Number(expires);
  if (!Number.isInteger(at) || at < nowS || typeof signature !== 'string') return false;
  const expected = Buffer.from(signatureOf(secret, transactionId, at));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const money = (amount: string, currency: string) => `${(Number(amount) / 100).toFixed(2)} ${currency}`;
const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** The invoice's lines of text, top to bottom. */
export function invoiceLines(transaction: TransactionEntity): string[] {
  const { totals, line_items: lines } = transaction.details;
  const currency = transaction.currency_code;
  return [
    'Invoice',
    `Invoice number: ${transaction.invoice_number ?? '(not billed)'}`,
    `Date: ${(transaction.billed_at ?? transaction.created_at).slice(0, 10)}`,
    `Transaction: ${transaction.id}`,
    'Sold by Paddle.com Market Ltd, merchant of record (sandbox)',
    '',
    ...lines.map(
      (line) => `${line.quantity} x ${line.product.name}: ${money(line.totals.subtotal, currency)}`,
    ),
    '',
    `Subtotal: ${money(totals.subtotal, currency)}`,
    `Tax: ${money(totals.tax, currency)}`,
    `Total: ${money(totals.grand_total, currency)}`,
  ];
}

/** A one-page PDF of `lines`, with the byte offsets its cross-reference table needs. */
export function renderPdf(lines: string[]): Buffer {
  const content = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '56 780 Td',
    ...lines.map((line) => `(${pdfText(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
