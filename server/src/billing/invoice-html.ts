import { formatPrice } from '@domain/price';
import type { InvoiceDetail } from './provider';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const day = (seconds: number | null): string =>
  seconds === null
    ? ''
    : new Date(seconds * 1000).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });

/**
 * The invoice as a printable page (GET .../billing/invoices/{id}.html). Everything shown comes from the
 * provider or the team's name, so every value is escaped; the page has no script and prints on one
 * sheet (the print stylesheet drops the button).
 */
export function renderInvoiceHtml(invoice: InvoiceDetail, teamName: string): string {
  const money = (cents: number) => escapeHtml(formatPrice(cents, invoice.currency));
  const rows = invoice.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="n">${line.quantity ?? ''}</td><td class="n">${money(line.amount)}</td></tr>`,
    )
    .join('\n');
  const period =
    invoice.periodStart && invoice.periodEnd && invoice.periodEnd > invoice.periodStart
      ? `<p>Period: ${escapeHtml(day(invoice.periodStart))} – ${escapeHtml(day(invoice.periodEnd))}</p>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escapeHtml(invoice.number)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; color: #1a1b1e; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
table { width: 100%; border-collapse: collapse; margin: 1.5rem 0; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #ced4da; }
.n { text-align: right; white-space: nowrap; }
tfoot td { border: none; }
.status { text-transform: capitalize; }
@media print { .no-print { display: none; } body { margin: 0; } }
</style>
</head>
<body>
<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>Spark for Teams · ${escapeHtml(teamName)}${invoice.customerName ? ` · ${escapeHtml(invoice.customerName)}` : ''}</p>
<p>Date: ${escapeHtml(day(invoice.date))} · Status: <span class="status">${escapeHtml(invoice.status)}</span></p>
${period}
<table>
<thead><tr><th scope="col">Description</th><th scope="col" class="n">Qty</th><th scope="col" class="n">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><td colspan="2" class="n">Subtotal</td><td class="n">${money(invoice.subtotal)}</td></tr>
${invoice.discount ? `<tr><td colspan="2" class="n">Discount</td><td class="n">−${money(invoice.discount)}</td></tr>` : ''}
<tr><td colspan="2" class="n">Tax</td><td class="n">${money(invoice.tax)}</td></tr>
<tr><th colspan="2" class="n" scope="row">Total</th><td class="n"><strong>${money(invoice.total)}</strong></td></tr>
</tfoot>
</table>
<p class="no-print">Use your browser's Print command to save this invoice as a PDF.</p>
</body>
</html>
`;
}
