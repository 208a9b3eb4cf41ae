// The loaded billing page: the summary, the plan table, and (with a live subscription) the billing
// details, the card and the invoices. Every button starts a flow of <BillingFlows> around it.
import { Stack } from '@mantine/core';
import type { PaymentProviderSettings } from '@/api/team-billing';
import type { CheckoutResult } from '@/domain/billing-summary';
import {
  cancelledSubscriptionAction,
  checkoutResultText,
  formatBillingDate,
  intervalName,
  isCancelScheduled,
  liveSubscription,
  planCodeOfPlanId,
} from '@/domain/billing-summary';
import type { Billing, Invoice, PaymentProvider, Product, Subscription, TeamPlan } from '@/domain/entities';
import { initialInterval, planTableColumns, showsUpgradeOptions } from '@/domain/plan-table';
import { formatPrice } from '@/domain/price';
import { prorationNoteText, taxNoteText } from '@/domain/proration-note';
import { teamPlanTitle } from '@/domain/team-details';
import { addCardText, cardNeededBy, endedTrialText } from '@/domain/trial-card';
import { useBillingFlows } from '@/routes/team/billing/billing-flows';
import { BillingDetailsBlock } from '@/ui/billing-page/BillingDetailsBlock';
import { BlockGrid } from '@/ui/billing-page/BlockGrid';
import { InvoicesBlock } from '@/ui/billing-page/InvoicesBlock';
import { LazyCheckoutResultDialog as CheckoutResultDialog } from '@/ui/billing-page/LazyCheckoutResultDialog';
import { PaymentDetailsBlock } from '@/ui/billing-page/PaymentDetailsBlock';
import { PaymentProviderSwitch } from '@/ui/billing-page/PaymentProviderSwitch';
import { PlanTable } from '@/ui/billing-page/PlanTable';
import { SubscriptionSummary } from '@/ui/billing-page/SubscriptionSummary';
import { useSubscriptionTrialDays } from './use-subscription-trial-days';

export interface BillingContentProps {
  billing: Billing;
  plans: Product[];
  invoices: Invoice[];
  /** The provider in effect: the one whose calls the page read. */
  provider: PaymentProvider;
  providers: PaymentProviderSettings | null;
  /** 'switch to': the page reads the chosen provider's calls from then on. */
  onChooseProvider: (provider: PaymentProvider) => void;
  /** The plan the page treats as the team's (the subscription's when there is one). */
  teamPlan: TeamPlan;
  checkoutResult: CheckoutResult | null;
  onDismissResult: () => void;
}

function planTitle(plans: Product[], code: string): string {
  return plans.find((product) => product.code === code)?.title ?? teamPlanTitle(code as TeamPlan);
}

function priceCurrency(plans: Product[], planId: string): string {
  for (const product of plans) {
    const price = product.plans.find((plan) => plan.id === planId);
    if (price) return price.currency;
  }
  return 'USD';
}

/** What the next payment includes beyond the plan's price: each change's proration, then the tax. */
function nextPaymentNotes(subscription: Subscription, currency: string): string[] {
  const notes = subscription.nextPaymentProrations.map((line) => prorationNoteText(line, currency));
  if (subscription.nextPaymentTax) notes.push(taxNoteText(subscription.nextPaymentTax, currency));
  return notes;
}

export function BillingContent(props: BillingContentProps) {
  const { billing, plans, invoices, providers, teamPlan, checkoutResult } = props;
  const flows = useBillingFlows();
  const subscription = liveSubscription(billing);
  const trialDaysLeft = useSubscriptionTrialDays(subscription);
  // Paddle, as merchant of record, keeps the billing details and the tax itself.
  const paddle = props.provider === 'paddle';

  const cancelled = subscription ? isCancelScheduled(subscription, Date.now()) : false;
  const cardNeededAt = cardNeededBy(subscription, billing.card, cancelled);
  const editCard = () => (billing.customer || paddle ? flows.editCard() : flows.editCustomerAndCard());
  const nextPayment =
    subscription &&
    !cancelled &&
    cardNeededAt === null &&
    subscription.nextPaymentAt != null &&
    subscription.nextPaymentAmount != null
      ? {
          date: formatBillingDate(subscription.nextPaymentAt),
          amount: formatPrice(subscription.nextPaymentAmount, priceCurrency(plans, subscription.planId)),
          notes: nextPaymentNotes(subscription, priceCurrency(plans, subscription.planId)),
        }
      : null;
  const interval = subscription
    ? intervalName(subscription.planId) === 'annual'
      ? 'Annual'
      : 'Monthly'
    : null;
  const resultPlan = checkoutResult
    ? plans.find((p) => p.code === planCodeOfPlanId(checkoutResult.planId))
    : null;
  // Spec: a team with a provider keeps it, so no switch back once it has one.
  const allowedProviders = providers?.currentProvider
    ? [providers.currentProvider]
    : (providers?.allowedProviders ?? []);

  return (
    <Stack gap="md">
      <SubscriptionSummary
        planTitle={planTitle(plans, teamPlan)}
        interval={interval}
        seats={billing.usage.usersCnt}
        nextPayment={nextPayment}
        trialDaysLeft={trialDaysLeft}
        cancellation={
          subscription?.cancelAt != null && cancelled
            ? {
                date: formatBillingDate(subscription.cancelAt),
                action: cancelledSubscriptionAction(subscription),
              }
            : null
        }
        cardRequest={
          cardNeededAt === null
            ? null
            : {
                text: addCardText(planTitle(plans, teamPlan), formatBillingDate(cardNeededAt)),
                onAddCard: editCard,
              }
        }
        endedTrial={
          billing.endedTrial && teamPlan === 'basic'
            ? endedTrialText(
                planTitle(plans, billing.endedTrial.plan),
                formatBillingDate(billing.endedTrial.endedAt),
                plans.some((product) => product.code === billing.endedTrial?.plan),
              )
            : null
        }
        cancellable={subscription !== null && !cancelled}
        busy={flows.busy}
        onRenew={() => flows.renew()}
        onUpgrade={() => subscription && flows.upgrade(subscription.planId)}
        onCancel={() => flows.cancel()}
      />
      <PaymentProviderSwitch
        current={props.provider}
        allowed={allowedProviders}
        onSwitch={props.onChooseProvider}
      />
      <PlanTable
        columns={planTableColumns(plans, teamPlan)}
        seats={billing.usage.usersCnt}
        upgradeOptions={showsUpgradeOptions(plans, teamPlan)}
        initialInterval={initialInterval(subscription?.planId)}
        busy={flows.busy}
        onUpgrade={(planId) => flows.upgrade(planId)}
        onRequestFreeUpgrade={(planId) => flows.requestFreeUpgrade(planId)}
      />
      {subscription && (
        <>
          <BlockGrid>
            {!paddle && (
              <BillingDetailsBlock
                customer={billing.customer}
                busy={flows.busy}
                onEdit={() => flows.editCustomer()}
              />
            )}
            <PaymentDetailsBlock card={billing.card} busy={flows.busy} onEdit={editCard} />
          </BlockGrid>
          <InvoicesBlock
            invoices={invoices}
            busy={flows.busy}
            {...(paddle ? {} : { onEditBillingDetails: () => flows.editCustomer() })}
          />
        </>
      )}
      <CheckoutResultDialog
        opened={checkoutResult !== null}
        message={
          checkoutResult
            ? checkoutResultText(
                resultPlan?.title ?? planTitle(plans, planCodeOfPlanId(checkoutResult.planId)),
                checkoutResult.planId,
              )
            : ''
        }
        successText={resultPlan?.successText ?? null}
        onClose={props.onDismissResult}
      />
    </Stack>
  );
}
