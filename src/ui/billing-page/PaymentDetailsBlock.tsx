import { Button, Paper, Text, Title } from '@mantine/core';
import { cardBrandName, cardExpiryText, NO_PAYMENT_INFORMATION } from '@/domain/billing-summary';
import type { Card } from '@/domain/entities';
import classes from './BillingBlocks.module.css';

export interface PaymentDetailsBlockProps {
  card: Card | null;
  busy?: boolean;
  onEdit: () => void;
}

/** The card on file (brand, last four, 'MM / YY') or 'No payment information', with Edit. */
export function PaymentDetailsBlock({ card, busy, onEdit }: PaymentDetailsBlockProps) {
  return (
    <Paper
      component="section"
      aria-labelledby="payment-details-title"
      withBorder
      p="lg"
      className={classes.block}
    >
      <div className={classes.head}>
        <Title order={3} size="h4" id="payment-details-title">
          Payment details
        </Title>
        <Button variant="light" size="xs" disabled={busy} onClick={onEdit}>
          Edit
        </Button>
      </div>
      {card ? (
        <dl className={classes.facts}>
          <div className={classes.fact}>
            <dt>Card</dt>
            <dd>
              {cardBrandName(card.brand)} •••• {card.last4}
            </dd>
          </div>
          <div className={classes.fact}>
            <dt>Expires</dt>
            <dd>{cardExpiryText(card)}</dd>
          </div>
        </dl>
      ) : (
        <Text size="sm" c="dimmed">
          {NO_PAYMENT_INFORMATION}
        </Text>
      )}
    </Paper>
  );
}
