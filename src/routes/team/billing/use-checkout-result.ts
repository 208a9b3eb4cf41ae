// The return from the hosted checkout or an upgrade (spec section 2 'Team billing'): the result read
// from the query, and the query cleaned (history replaced, not pushed) once the page shows it.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  type CheckoutResult,
  checkoutResultOf,
  hasCheckoutResultParams,
  withoutCheckoutResultParams,
} from '@/domain/billing-summary';

export function useCheckoutResult(ready: boolean): { result: CheckoutResult | null; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [result, setResult] = useState<CheckoutResult | null>(() => checkoutResultOf(location.search));

  useEffect(() => {
    const next = checkoutResultOf(location.search);
    if (next) setResult(next);
  }, [location.search]);

  useEffect(() => {
    if (!ready || !hasCheckoutResultParams(location.search)) return;
    navigate(
      {
        pathname: location.pathname,
        search: withoutCheckoutResultParams(location.search),
        hash: location.hash,
      },
      { replace: true },
    );
  }, [ready, location.pathname, location.search, location.hash, navigate]);

  return { result, dismiss: () => setResult(null) };
}
