import { Anchor, Badge, Button, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import type { TeamPlan } from '@/domain/entities';
import {
  annualDiscountLabel,
  type BillingInterval,
  isFreePlan,
  PLAN_TABLE_ROWS,
  type PlanColumn,
  planCells,
  planIdFor,
  priceText,
  upgradeButtonText,
} from '@/domain/plan-table';
import classes from './PlanTable.module.css';
import { PlanTermsHint } from './PlanTermsHint';

export interface PlanTableProps {
  columns: PlanColumn[];
  /** The team's billable seats (usage.usersCnt), for the usage row. */
  seats: number;
  /** Whether the paid columns offer Upgrade and the free-upgrade link (showsUpgradeOptions). */
  upgradeOptions: boolean;
  /** Where every Monthly/Annually toggle starts. */
  initialInterval: BillingInterval;
  /** A flow is running: the buttons wait. */
  busy?: boolean;
  onUpgrade: (planId: string) => void;
  onRequestFreeUpgrade: (planId: string) => void;
}

const INTERVALS = [
  { label: 'Monthly', value: 'month' },
  { label: 'Annually', value: 'year' },
];

/** The plan comparison table (spec section 2 'Team billing'): a column per plan, a row per feature. */
export function PlanTable(props: PlanTableProps) {
  const { columns, seats, initialInterval } = props;
  const [intervals, setIntervals] = useState<Partial<Record<TeamPlan, BillingInterval>>>({});
  const intervalOf = (code: TeamPlan) => intervals[code] ?? initialInterval;
  const cellsByCode = new Map(
    columns.map(({ product }) => [product.code, planCells(product, intervalOf(product.code), seats)]),
  );
  const highlight = (column: PlanColumn) => (column.highlighted ? classes.highlighted : undefined);

  return (
    <div className={classes.scroller}>
      <table className={classes.table} aria-label="Plans">
        <thead>
          <tr>
            <td className={classes.rowLabel} />
            {columns.map((column) => (
              <th
                key={column.product.code}
                scope="col"
                className={`${classes.planHead} ${highlight(column) ?? ''}`}
              >
                <span className={classes.planName}>
                  {column.product.title}
                  {column.current && (
                    <Badge size="sm" variant="light" tt="none">
                      Current plan
                    </Badge>
                  )}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PLAN_TABLE_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={classes.rowLabel}>
                {row.label}
              </th>
              {columns.map((column) => (
                <td key={column.product.code} className={highlight(column)}>
                  {row.key === 'price' ? (
                    <PriceCell
                      {...props}
                      column={column}
                      interval={intervalOf(column.product.code)}
                      onIntervalChange={(interval) =>
                        setIntervals((shown) => ({ ...shown, [column.product.code]: interval }))
                      }
                    />
                  ) : (
                    cellsByCode.get(column.product.code)?.[row.key]
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface PriceCellProps extends PlanTableProps {
  column: PlanColumn;
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
}

function PriceCell({
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
      <SegmentedControl
        size="xs"
        aria-label={`Billing interval for ${product.title}`}
        data={INTERVALS}
        value={interval}
        onChange={(value) => onIntervalChange(value as BillingInterval)}
      />
      {/* A green dot beside the text: green text on its tint is below 4.5:1 (issue 14, axe). */}
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
