import type { Preview } from './entities';
import { previewCredit, previewCreditText } from './preview-credit';

const preview = (overrides: Partial<Preview>): Preview => ({
  lines: [],
  subtotal: 0,
  discount: 0,
  tax: 0,
  taxPercent: 0,
  amountDue: 0,
  currency: 'USD',
  ...overrides,
});

describe('a preview that comes to a credit', () => {
  it('is the negative total after discount and tax', () => {
    expect(previewCredit(preview({ subtotal: -20397 }))).toBe(20397);
    expect(previewCredit(preview({ subtotal: -10000, tax: -1900 }))).toBe(11900);
    expect(previewCredit(preview({ subtotal: 5000, discount: 500 }))).toBe(0);
    expect(previewCredit(preview({ subtotal: 0 }))).toBe(0);
  });

  it('says where the credit goes, with its amount; nothing when the change costs money', () => {
    expect(previewCreditText(preview({ subtotal: -20397 }))).toBe(
      'The $203.97 left over goes to your account balance and comes off your next invoices.',
    );
    expect(previewCreditText(preview({ subtotal: 1500, amountDue: 1500 }))).toBeNull();
  });
});
