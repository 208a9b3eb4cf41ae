import { describe, expect, it } from 'vitest';
import { allowedPaymentProviders } from './payment-providers';

describe('allowedPaymentProviders (spec section 2)', () => {
  it("is the team's provider when it has one, whatever the default", () => {
    expect(allowedPaymentProviders('paddle', null)).toEqual(['paddle']);
    expect(allowedPaymentProviders('paddle', 'stripe')).toEqual(['paddle']);
    expect(allowedPaymentProviders('stripe', null)).toEqual(['stripe']);
  });

  it('is stripe alone when a default provider is configured and the team has none', () => {
    expect(allowedPaymentProviders(null, 'stripe')).toEqual(['stripe']);
    expect(allowedPaymentProviders(null, 'paddle')).toEqual(['stripe']);
  });

  it('is both otherwise', () => {
    expect(allowedPaymentProviders(null, null)).toEqual(['stripe', 'paddle']);
  });
});
