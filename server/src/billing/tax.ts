import type { Customer } from '@domain/entities';
import { isEuCountry } from '@domain/vat';

/**
 * Which country's rate the team pays, or null for none. The rate table (billing_tax_rates) holds the
 * EU members' and the UK's VAT. A business there that gives its VAT id pays no VAT on the invoice: it
 * accounts for it itself (reverse charge), so a VAT id turns tax off. No address yet: no tax.
 */
export function taxCountryFor(customer: Pick<Customer, 'country' | 'vatId'> | null): string | null {
  if (!customer?.country) return null;
  if (isEuCountry(customer.country) && customer.vatId.trim() !== '') return null;
  return customer.country.toUpperCase();
}
