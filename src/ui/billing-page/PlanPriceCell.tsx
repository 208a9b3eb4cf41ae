import { Anchor, Badge, Button } from '@mantine/core';
import {
  annualDiscountLabel,
  type BillingInterval,
  isFreePlan,
  type PlanColumn,
  planIdFor,
  priceText,
  upgradeButtonText,
} from '@/domain/plan-table';
import { SegmentedChoice } from '@/ui/SegmentedChoice';
import classes from './PlanTable.module.css';
import { PlanTermsHint } from './PlanTermsHint';

const INTERVALS: readonly { label: string; value: BillingInterval }[] = [
  { label: 'Monthly', value: 'month' },
  { label: 'Annually', value: 'year' },
];

/** What a price cell offers; the table (PlanTable.tsx) takes these and hands them down. */
export interface PlanActions {
  /** Whether the paid columns offer Upgrade and the free-upgrade link (showsUpgradeOptions). */
  upgradeOptions: boolean;
  /** A flow is running: the buttons wait. */
  busy?: boolean;
  onUpgrade: (planId: string) => void;
  onRequestFreeUpgrade: (planId: string) => void;
}

export interface PriceCellProps extends PlanActions {
  column: PlanColumn;
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
}

export function PriceCell({
  column,
  interval,
  onIntervalChange,
  upgradeOptions,
  busy,
  ...handlers
}: PriceCellProps) {
  const { product, current } = column;
  if (isFreePlan(product)) return <span className={classes.price}>{priceText(product, interval)}</span>;
  const planId = planIdFor(product, interval);
  const discount = annualDiscountLabel(product);
  const offered = upgradeOptions && !current && planId !== null;
  return (
    <div className={classes.priceCell}>
      <SegmentedChoice
        size="xs"
        label={`Billing interval for ${product.title}`}
        classNames={{ input: classes.intervalInput }}
        data={INTERVALS}
        value={interval}
        onChange={onIntervalChange}
      />
      {/* A green dot beside the text: green text on its tint is below 4.5:1 (axe). */}
      {discount && (
        <Badge size="sm" color="green" variant="dot" tt="none">
          {discount}
        </Badge>
      )}
      <span className={classes.price}>{priceText(product, interval)}</span>
      <div className={classes.actions}>
        {offered && (
          <Button
            size="xs"
            variant={column.highlighted ? 'filled' : 'light'}
            aria-label={
              product.buttonText?.trim()
                ? `${upgradeButtonText(product)}, ${product.title}`
                : `Upgrade to ${product.title}`
            }
            disabled={busy}
            onClick={() => handlers.onUpgrade(planId)}
          >
            {upgradeButtonText(product)}
          </Button>
        )}
        <PlanTermsHint title={product.title} />
      </div>
      {offered && product.showFreeUpgrade && product.freeUpgradeText && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          disabled={busy}
          onClick={() => handlers.onRequestFreeUpgrade(planId)}
        >
          {product.freeUpgradeText}
        </Anchor>
      )}
    </div>
  );
}
