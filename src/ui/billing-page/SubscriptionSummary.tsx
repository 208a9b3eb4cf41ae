import { Badge, Button, Paper, Text, Title } from '@mantine/core';
import { trialEndsText } from '@/ui/team-overview/TeamDetailsCard';
import classes from './BillingBlocks.module.css';

export interface SubscriptionSummaryProps {
  planTitle: string;
  /** 'Annual' or 'Monthly'; null without a subscription. */
  interval: string | null;
  seats: number;
  /**
   * Date and amount, already formatted; null when none is due (no subscription, or cancelled).
   * `notes` explain what the amount includes beyond the plan's price (a seat added mid-period).
   */
  nextPayment: { date: string; amount: string; notes?: string[] } | null;
  /** Whole days left while trialing; null otherwise. */
  trialDaysLeft: number | null;
  /** The date a cancelled subscription ends, with Renew (or Upgrade while trialing); null if not cancelled. */
  cancellation: { date: string; action: 'Renew' | 'Upgrade' } | null;
  /**
   * A trial without a card: instead of a next payment that will not happen, the request
   * for a card ('Add a card to keep Premium after Dec 5'), leading to the edit-card flow.
   */
  cardRequest?: { text: string; onAddCard: () => void } | null;
  /** A team back on Basic after a trial without a card: what ended and how to get the plan back. */
  endedTrial?: string | null;
  /** A live subscription that is not cancelled: 'Cancel subscription' shows. */
  cancellable: boolean;
  busy?: boolean;
  onRenew: () => void;
  onUpgrade: () => void;
  onCancel: () => void;
}

/** The plan and subscription summary of the billing page. */
export function SubscriptionSummary(props: SubscriptionSummaryProps) {
  const { planTitle, interval, seats, nextPayment, trialDaysLeft, cancellation, cancellable, busy } = props;
  return (
    <Paper
      component="section"
      aria-labelledby="billing-summary-title"
      withBorder
      p="lg"
      className={classes.block}
    >
      <div className={classes.head}>
        <Title order={3} size="h4" id="billing-summary-title">
          Plan and subscription
        </Title>
        {cancellable && (
          <Button variant="default" size="xs" disabled={busy} onClick={props.onCancel}>
            Cancel subscription
          </Button>
        )}
      </div>
      <dl className={classes.facts}>
        <div className={classes.fact}>
          <dt>Plan</dt>
          <dd>{planTitle}</dd>
        </div>
        {interval && (
          <div className={classes.fact}>
            <dt>Billing</dt>
            <dd>{interval}</dd>
          </div>
        )}
        <div className={classes.fact}>
          <dt>Seats</dt>
          <dd>{seats}</dd>
        </div>
        {nextPayment && (
          <div className={classes.fact}>
            <dt>Next payment</dt>
            <dd>
              {nextPayment.amount} on {nextPayment.date}
              {nextPayment.notes?.map((note) => (
                <Text key={note} size="xs" c="dimmed" mt={4}>
                  {note}
                </Text>
              ))}
            </dd>
          </div>
        )}
      </dl>
      {trialDaysLeft !== null && (
        <Badge mt="md" size="lg" variant="dot" color="orange" tt="none" fw={500}>
          {trialEndsText(trialDaysLeft)}
        </Badge>
      )}
      {props.endedTrial && (
        <div className={classes.notice}>
          <Text size="sm">{props.endedTrial}</Text>
        </div>
      )}
      {props.cardRequest && (
        <div className={classes.notice}>
          <Text size="sm">{props.cardRequest.text}</Text>
          <Button size="xs" disabled={busy} onClick={props.cardRequest.onAddCard}>
            Add a card
          </Button>
        </div>
      )}
      {cancellation && (
        <div className={classes.notice}>
          <Text size="sm">Your subscription is cancelled and ends on {cancellation.date}.</Text>
          <Button
            size="xs"
            disabled={busy}
            onClick={cancellation.action === 'Renew' ? props.onRenew : props.onUpgrade}
          >
            {cancellation.action}
          </Button>
        </div>
      )}
    </Paper>
  );
}
