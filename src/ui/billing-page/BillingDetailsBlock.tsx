import { Button, Paper, Text, Title } from '@mantine/core';
import { countryDisplayName } from '@/domain/countries';
import type { Customer } from '@/domain/entities';
import classes from './BillingBlocks.module.css';

export interface BillingDetailsBlockProps {
  customer: Customer | null;
  busy?: boolean;
  onEdit: () => void;
}

/** Who the invoices are made out to, with 'Edit Billing Details'. */
export function BillingDetailsBlock({ customer, busy, onEdit }: BillingDetailsBlockProps) {
  const cityLine = customer
    ? [customer.postalCode, customer.city, customer.state].filter(Boolean).join(' ')
    : '';
  return (
    <Paper
      component="section"
      aria-labelledby="billing-details-title"
      withBorder
      p="lg"
      className={classes.block}
    >
      <div className={classes.head}>
        <Title order={3} size="h4" id="billing-details-title">
          Billing details
        </Title>
        <Button variant="light" size="xs" disabled={busy} onClick={onEdit}>
          Edit Billing Details
        </Button>
      </div>
      {customer ? (
        <address className={classes.address}>
          <div>{customer.name}</div>
          <div>{customer.line1}</div>
          {customer.line2 && <div>{customer.line2}</div>}
          {cityLine && <div>{cityLine}</div>}
          <div>{countryDisplayName(customer.country)}</div>
          {customer.vatId && <div>VAT Number: {customer.vatId}</div>}
        </address>
      ) : (
        <Text size="sm" c="dimmed">
          No billing details
        </Text>
      )}
    </Paper>
  );
}
