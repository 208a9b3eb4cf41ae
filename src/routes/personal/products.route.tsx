// The personal prices (spec section 2 'Personal pages') and what the person has, read side by side
// through the screen-setup flow; a Checkout button starts the hosted checkout for that price
// (personal-checkout-dialog.tsx).
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { getPersonalBilling, getProducts } from '@/api/personal-billing';
import type { BillingProduct, PersonalBilling } from '@/domain/entities';
import { errorOf } from '@/machines/actor-error';
import { screenSetupMachine } from '@/machines/screen-setup.machine';
import { PersonalCheckoutDialog } from '@/routes/personal/personal-checkout-dialog';
import { pathTo } from '@/routes/route-table';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { ProductsView } from '@/ui/personal/ProductsView';
import { ScreenSetupStatus } from '@/ui/ScreenSetupStatus';

type SetupSnapshot = SnapshotFrom<typeof screenSetupMachine>;
interface ProductsData {
  products: BillingProduct[];
  billing: PersonalBilling;
}

const SETUP_VIEW = {
  loading: (snapshot: SetupSnapshot) => snapshot.hasTag('loading'),
  data: (snapshot: SetupSnapshot) =>
    snapshot.matches('ready') ? (snapshot.context.data as ProductsData) : null,
  errorMessage: (snapshot: SetupSnapshot) =>
    snapshot.matches('failed') ? snapshot.context.errorMessage : null,
};

const PROFILE_PATH = pathTo('profile');

export function ProductsPage() {
  const navigate = useNavigate();
  const [checkoutPriceId, setCheckoutPriceId] = useState<string | null>(null);
  const setup = useScreenFlow(({ api, handleError }) =>
    screenSetupMachine.provide({
      actors: {
        load: fromPromise<unknown>(async () => {
          const [products, billing] = await Promise.all([getProducts(api), getPersonalBilling(api)]);
          return { products, billing } satisfies ProductsData;
        }),
      },
      actions: { escalate: ({ event }) => handleError(errorOf(event)) },
    }),
  );
  const { loading, data, errorMessage } = useSelections(setup, SETUP_VIEW);
  return (
    <Stack gap="md">
      <ScreenSetupStatus
        loading={loading}
        errorMessage={errorMessage}
        onRetry={() => setup.send({ type: 'setup.retry' })}
      />
      {data && (
        <ProductsView
          products={data.products}
          billing={data.billing}
          busy={checkoutPriceId !== null}
          onCheckout={setCheckoutPriceId}
          profileHref={PROFILE_PATH}
          onNavigate={navigate}
        />
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
