// What `bench/billing.ts` times, loaded through Vite's SSR module loader so the views' CSS modules
// and the `@/` alias resolve as in the console: the billing page's plan table (columns and cells for a
// team plan, then the table rendered) and its invoice list, rendered to HTML by react-dom/server inside
// the console's providers. No browser: the numbers are the React and Mantine work of one render.
import { renderToString } from 'react-dom/server';
import { Providers } from '@/app/providers';
import type { Invoice, TeamPlan } from '@/domain/entities';
import { planCells, planTableColumns, showsUpgradeOptions } from '@/domain/plan-table';
import { acmeInvoices, offeredProducts } from '@/test/billing-fixtures';
import { InvoicesBlock } from '@/ui/billing-page/InvoicesBlock';
import { PlanTable } from '@/ui/billing-page/PlanTable';

const ignore = () => {};

/** The columns and every cell of the table for one team plan, both intervals: the page's domain work. */
export function planTableData(teamPlan: TeamPlan, seats: number): number {
  let cells = 0;
  for (const column of planTableColumns(offeredProducts, teamPlan)) {
    for (const interval of ['month', 'year'] as const) {
      cells += Object.keys(planCells(column.product, interval, seats)).length;
    }
  }
  return cells;
}

/** The plan table rendered as the billing page shows it to a team on `teamPlan`; returns the HTML length. */
export function renderPlanTable(teamPlan: TeamPlan, seats: number): number {
  const html = renderToString(
    <Providers env="test">
      <PlanTable
        columns={planTableColumns(offeredProducts, teamPlan)}
        seats={seats}
        upgradeOptions={showsUpgradeOptions(offeredProducts, teamPlan)}
        initialInterval="year"
        onUpgrade={ignore}
        onRequestFreeUpgrade={ignore}
      />
    </Providers>,
  );
  return html.length;
}

/** `count` invoices, newest first, cycling through the demo's open and paid ones. */
export function invoices(count: number): Invoice[] {
  return Array.from({ length: count }, (_, index) => {
    const base = acmeInvoices[index % acmeInvoices.length] as Invoice;
    return { ...base, id: `in_${count - index}`, number: `ACME-${String(count - index).padStart(4, '0')}` };
  });
}

/** The invoice list rendered with `list`; returns the HTML length. */
export function renderInvoices(list: Invoice[]): number {
  const html = renderToString(
    <Providers env="test">
      <InvoicesBlock invoices={list} onEditBillingDetails={ignore} />
    </Providers>,
  );
  return html.length;
}
