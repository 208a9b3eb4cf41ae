// The billing page's flows and their dialogs (spec section 2 'Checkout dialog flows', section 4):
// the page renders <BillingFlows> around itself and starts flows from its buttons with
// useBillingFlows(); onChanged asks the page to reload billing after a flow changed something.
import { createContext, type JSX, type ReactNode, useContext, useMemo } from 'react';
import type { Billing, Product } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/error-codes';

export interface BillingFlowsApi {
  /** No subscription (or incomplete): hosted checkout redirect; otherwise the subscribe dialog. */
  upgrade(planId: string): void;
  requestFreeUpgrade(planId: string): void;
  editCustomer(): void;
  editCard(): void;
  editCustomerAndCard(): void;
  renew(): void;
  cancel(): void;
  /** A flow is running (a dialog is open or a call is under way). */
  busy: boolean;
}

export interface BillingFlowsProps {
  teamUserRef: TeamUserRef;
  billing: Billing;
  plans: Product[];
  onChanged: () => void;
  children: ReactNode;
}

const BillingFlowsContext = createContext<BillingFlowsApi | null>(null);

export function BillingFlows(props: BillingFlowsProps): JSX.Element {
  // Placeholder wiring while the statecharts land: the real dialogs replace this body.
  const flows = useMemo<BillingFlowsApi>(
    () => ({
      upgrade: () => {},
      requestFreeUpgrade: () => {},
      editCustomer: () => {},
      editCard: () => {},
      editCustomerAndCard: () => {},
      renew: () => {},
      cancel: () => {},
      busy: false,
    }),
    [],
  );
  return <BillingFlowsContext.Provider value={flows}>{props.children}</BillingFlowsContext.Provider>;
}

export function useBillingFlows(): BillingFlowsApi {
  const flows = useContext(BillingFlowsContext);
  if (!flows) throw new Error('useBillingFlows needs <BillingFlows> around it');
  return flows;
}
