import { Badge } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { TeamPlan } from '@/domain/entities';
import { type BillingInterval, PLAN_TABLE_ROWS, type PlanColumn, planCells } from '@/domain/plan-table';
import { type PlanActions, PriceCell } from './PlanPriceCell';
import classes from './PlanTable.module.css';

export interface PlanTableProps extends PlanActions {
  columns: PlanColumn[];
  /** The team's billable seats (usage.usersCnt), for the usage row. */
  seats: number;
  /** Where every Monthly/Annually toggle starts. */
  initialInterval: BillingInterval;
}

/** Below this width the plans stack as cards: four columns do not fit a phone. */
export const STACKED_PLANS_QUERY = '(max-width: 48em)';

/** The rows under the price: the features, in the table's order. */
const FEATURE_ROWS = PLAN_TABLE_ROWS.filter((row) => row.key !== 'price');

interface PlanLayoutProps extends PlanTableProps {
  intervalOf: (code: TeamPlan) => BillingInterval;
  onIntervalChange: (code: TeamPlan, interval: BillingInterval) => void;
}

/**
 * The plan comparison (spec section 2 'Team billing'): a table with a column per plan and a row per
 * feature on a wide screen; on a phone one card per plan, price and Upgrade first, so every Upgrade
 * button is in reach without scrolling sideways. Both share each plan's Monthly/Annually choice.
 */
export function PlanTable(props: PlanTableProps) {
  const [intervals, setIntervals] = useState<Partial<Record<TeamPlan, BillingInterval>>>({});
  // Read at the first render (no effect round), so a phone never draws the table first.
  const stacked = useMediaQuery(STACKED_PLANS_QUERY, false, { getInitialValueInEffect: false });
  const layout: PlanLayoutProps = {
    ...props,
    intervalOf: (code) => intervals[code] ?? props.initialInterval,
    onIntervalChange: (code, interval) => setIntervals((shown) => ({ ...shown, [code]: interval })),
  };
  return stacked ? <PlanCards {...layout} /> : <PlanGrid {...layout} />;
}

function PlanTitle({ column }: { column: PlanColumn }) {
  return (
    <span className={classes.planName}>
      {column.product.title}
      {column.current && (
        <Badge size="sm" variant="light" tt="none">
          Current plan
        </Badge>
      )}
    </span>
  );
}

function PlanGrid(props: PlanLayoutProps) {
  const { columns, seats, intervalOf, onIntervalChange } = props;
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
                <PlanTitle column={column} />
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
              {columns.map((column) => {
                const code = column.product.code;
                return (
                  <td key={code} className={highlight(column)}>
                    {row.key === 'price' ? (
                      <PriceCell
                        {...props}
                        column={column}
                        interval={intervalOf(code)}
                        onIntervalChange={(interval) => onIntervalChange(code, interval)}
                      />
                    ) : (
                      planCells(column.product, intervalOf(code), seats)[row.key]
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PlanCards(props: PlanLayoutProps) {
  const { columns, seats, intervalOf, onIntervalChange } = props;
  return (
    <ul className={classes.cards} aria-label="Plans">
      {columns.map((column) => {
        const code = column.product.code;
        const cells = planCells(column.product, intervalOf(code), seats);
        return (
          <li
            key={code}
            className={`${classes.card} ${column.highlighted ? classes.highlighted : ''}`}
            aria-label={column.product.title}
          >
            <h3 className={classes.cardTitle}>
              <PlanTitle column={column} />
            </h3>
            <PriceCell
              {...props}
              column={column}
              interval={intervalOf(code)}
              onIntervalChange={(interval) => onIntervalChange(code, interval)}
            />
            <dl className={classes.features}>
              {FEATURE_ROWS.map((row) => (
                <div key={row.key} className={classes.feature}>
                  <dt>{row.label}</dt>
                  <dd>{cells[row.key]}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
