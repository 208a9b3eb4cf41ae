import type { ReactNode } from 'react';
import classes from './BillingBlocks.module.css';

/** Billing details and payment details side by side, stacked on a phone. */
export function BlockGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}
