import { Paper, Skeleton, Stack } from '@mantine/core';
import classes from './BillingBlocks.module.css';

/**
 * The billing page's shape while its data loads: the summary, the plans and the blocks
 * as placeholders where they will be, so the page coming back from a checkout has its layout at
 * once and does not jump when the data lands. Hidden from assistive technology: the 'Loading'
 * status beside it says what is happening.
 */
export function BillingSkeleton() {
  return (
    <Stack gap="md" aria-hidden data-testid="billing-skeleton">
      <Paper withBorder p="lg" className={classes.block}>
        <Skeleton height={20} width="40%" mb="md" />
        <div className={classes.facts}>
          {[0, 1, 2].map((fact) => (
            <Stack key={fact} gap={6}>
              <Skeleton height={10} width="50%" />
              <Skeleton height={16} width="80%" />
            </Stack>
          ))}
        </div>
      </Paper>
      <Skeleton height={320} radius="md" />
      <div className={classes.grid}>
        <Skeleton height={140} radius="md" />
        <Skeleton height={140} radius="md" />
      </div>
    </Stack>
  );
}
