import type { PaymentProvider } from '@/domain/entities';

/** The provider chosen on the billing page and kept in its URL (`?provider=paddle`), or null. */
export function chosenProviderIn(search: string | URLSearchParams): PaymentProvider | null {
  const provider = new URLSearchParams(search).get('provider');
  return provider === 'paddle' || provider === 'stripe' ? provider : null;
}
