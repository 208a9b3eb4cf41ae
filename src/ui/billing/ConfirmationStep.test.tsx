import { render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import type { Preview } from '@/domain/entities';
import { ConfirmationStep } from './ConfirmationStep';

const noop = () => {};

function confirmation(preview: Preview) {
  render(
    <Providers env="test">
      <ConfirmationStep
        planTitle="Premium"
        preview={preview}
        previewError={null}
        couponOpen={false}
        appliedCoupon={null}
        couponError={null}
        busy={false}
        onRevealCoupon={noop}
        onApplyCoupon={noop}
        onStart={noop}
        onRetry={noop}
      />
    </Providers>,
  );
}

describe('ConfirmationStep', () => {
  it('says where a credit goes when the change comes to less than nothing (annual to monthly)', () => {
    confirmation({
      lines: [
        { description: 'Unused time on Premium (yearly)', amount: -23994 },
        { description: 'Remaining time on Premium (monthly)', amount: 3597 },
      ],
      subtotal: -20397,
      discount: 0,
      tax: 0,
      taxPercent: 0,
      amountDue: 0,
      currency: 'USD',
    });
    expect(screen.getByText('-$203.97')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'The $203.97 left over goes to your account balance and comes off your next invoices.',
    );
  });

  it('says nothing of a credit when the change costs money', () => {
    confirmation({
      lines: [{ description: 'Premium', amount: 2499 }],
      subtotal: 2499,
      discount: 0,
      tax: 0,
      taxPercent: 0,
      amountDue: 2499,
      currency: 'USD',
    });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
