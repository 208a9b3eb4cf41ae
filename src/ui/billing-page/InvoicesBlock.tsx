import { Anchor, Button, Paper, Text, Title } from '@mantine/core';
import { formatBillingDate, invoiceLink, invoiceStatusText, NO_INVOICES } from '@/domain/billing-summary';
import type { Invoice } from '@/domain/entities';
import { formatPrice } from '@/domain/price';
import classes from './BillingBlocks.module.css';

export interface InvoicesBlockProps {
  invoices: Invoice[];
  busy?: boolean;
  /** Absent when the provider keeps the billing details itself (Paddle, as merchant of record). */
  onEditBillingDetails?: () => void;
}

/**
 * The team's invoices, newest first: Pay while open, Download otherwise (spec section 2). A table on
 * a wide screen; on a phone each row is a two-column card (BillingBlocks.module.css), so the amount
 * and the link stay in reach without a sideways scroller.
 */
export function InvoicesBlock({ invoices, busy, onEditBillingDetails }: InvoicesBlockProps) {
  return (
    <Paper component="section" aria-labelledby="invoices-title" withBorder p="lg" className={classes.block}>
      <div className={classes.head}>
        <Title order={3} size="h4" id="invoices-title">
          Invoices
        </Title>
        {onEditBillingDetails && (
          <Button variant="light" size="xs" disabled={busy} onClick={onEditBillingDetails}>
            Edit Billing Details
          </Button>
        )}
      </div>
      {invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_INVOICES}
        </Text>
      ) : (
        <div className={classes.invoices}>
          <table className={classes.invoiceTable} aria-label="Invoices">
            <thead className={classes.invoiceHead}>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Number</th>
                <th scope="col">Status</th>
                <th scope="col" className={classes.amount}>
                  Amount
                </th>
                <th scope="col">
                  <span className={classes.visuallyHidden}>Link</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => {
                const link = invoiceLink(invoice);
                return (
                  <tr key={invoice.id} aria-label={invoice.number}>
                    <td className={classes.invoiceDate}>{formatBillingDate(invoice.date)}</td>
                    <td className={classes.invoiceNumber}>{invoice.number}</td>
                    <td className={classes.invoiceStatus}>{invoiceStatusText(invoice.status)}</td>
                    <td className={classes.amount}>{formatPrice(invoice.amount, invoice.currency)}</td>
                    <td className={classes.invoiceLink}>
                      {link && (
                        <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm" fw={500}>
                          {link.label}
                        </Anchor>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Paper>
  );
}
