import { couponErrorText, customerServerFieldErrors, paymentFailureMessage } from './billing-errors';

const validation = (data: { field: string; message: string }[]) => ({
  status: 400,
  code: 10,
  message: 'Validation error',
  data,
});

describe('billing errors', () => {
  it('reads the provider message of a refused payment only', () => {
    expect(
      paymentFailureMessage({ status: 402, code: 1900, message: 'Your card was declined.', data: null }),
    ).toBe('Your card was declined.');
    expect(paymentFailureMessage({ status: 500, code: null, message: 'x', data: null })).toBeNull();
    expect(paymentFailureMessage(new Error('boom'))).toBeNull();
  });

  it('keeps the customer fields of a validation error, address as line 1', () => {
    expect(
      customerServerFieldErrors(
        validation([
          { field: 'vatId', message: 'is invalid' },
          { field: 'address', message: 'must not be empty' },
          { field: 'planId', message: 'is invalid' },
        ]),
      ),
    ).toEqual([
      { field: 'vatId', message: 'is invalid' },
      { field: 'line1', message: 'must not be empty' },
    ]);
  });

  it('shows a refused coupon by the promotion code field', () => {
    expect(couponErrorText(validation([{ field: 'coupon', message: 'is invalid' }]))).toBe(
      'Promotion code is invalid',
    );
    expect(couponErrorText(validation([{ field: 'planId', message: 'is invalid' }]))).toBeNull();
  });
});
