import { prorationNoteText, taxNoteText } from './proration-note';

// 2026-11-25 12:00 UTC: the date reads the same in every time zone the tests run in.
const NOV_25 = Date.UTC(2026, 10, 25, 12) / 1000;

describe('prorationNoteText', () => {
  it('names the seats added and what they add to the next payment', () => {
    expect(prorationNoteText({ at: NOV_25, amount: 7670, seats: 1 })).toBe(
      'Includes $76.70 for 1 seat added on Nov 25, 2026',
    );
    expect(prorationNoteText({ at: NOV_25, amount: 15340, seats: 2 })).toBe(
      'Includes $153.40 for 2 seats added on Nov 25, 2026',
    );
  });

  it('says a credit for seats removed, and names any other change plainly', () => {
    expect(prorationNoteText({ at: NOV_25, amount: -2000, seats: -1 })).toBe(
      'Includes a credit of $20.00 for 1 seat removed on Nov 25, 2026',
    );
    expect(prorationNoteText({ at: NOV_25, amount: 500, seats: 0 })).toBe(
      'Includes $5.00 for a change on Nov 25, 2026',
    );
    expect(prorationNoteText({ at: NOV_25, amount: -500, seats: 0 }, 'EUR')).toBe(
      'Includes a credit of €5.00 for a change on Nov 25, 2026',
    );
  });
});

describe('taxNoteText', () => {
  it('says the tax charged on top of the price, with its rate', () => {
    expect(taxNoteText({ amount: 4644, percent: 24 })).toBe('Includes $46.44 tax (24%)');
    expect(taxNoteText({ amount: 550, percent: 5.5 }, 'EUR')).toBe('Includes €5.50 tax (5.5%)');
  });
});
