// The personal prices (spec section 2 'Personal pages'), read through the screen-setup flow; a
// Checkout button starts the hosted checkout for that price (personal-checkout-dialog.tsx).
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { getProducts } from '@/api/personal-billing';
import type { BillingProduct } from '@/domain/entities';
import { errorOf } from '@/machines/actor-error';
import { screenSetupMachine } from '@/machines/screen-setup.machine';
import { PersonalCheckoutDialog } from '@/routes/personal/personal-checkout-dialog';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { ProductsView } from '@/ui/personal/ProductsView';
import { ScreenSetupStatus } from '@/ui/ScreenSetupStatus';

type SetupSnapshot = SnapshotFrom<typeof screenSetupMachine>;

const SETUP_VIEW = {
  loading: (snapshot: SetupSnapshot) => snapshot.hasTag('loading'),
  products: (snapshot: SetupSnapshot) =>
    snapshot.matches('ready') ? (snapshot.context.data as BillingProduct[]) : null,
  errorMessage: (snapshot: SetupSnapshot) =>
    snapshot.matches('failed') ? snapshot.context.errorMessage : null,
};

export function ProductsPage() {
  const [checkoutPriceId, setCheckoutPriceId] = useState<string | null>(null);
  const setup = useScreenFlow(({ api, handleError }) =>
    screenSetupMachine.provide({
      actors: { load: fromPromise<unknown>(() => getProducts(api)) },
      actions: { escalate: ({ event }) => handleError(errorOf(event)) },
    }),
  );
  const { loading, products, errorMessage } = useSelections(setup, SETUP_VIEW);
  return (
    <Stack gap="md">
      <ScreenSetupStatus
        loading={loading}
        errorMessage={errorMessage}
        onRetry={() => setup.send({ type: 'setup.retry' })}
      />
      {products && (
        <ProductsView products={products} busy={checkoutPriceId !== null} onCheckout={setCheckoutPriceId} />
      )}
      {checkoutPriceId && (
        <PersonalCheckoutDialog
          key={checkoutPriceId}
          priceId={checkoutPriceId}
          onFinished={() => setCheckoutPriceId(null)}
        />
      )}
    </Stack>
  );
}
