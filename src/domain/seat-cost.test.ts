import { seatCostText } from './seat-cost';

describe('seatCostText', () => {
  it('names the seat price and the prorated part on the next invoice', () => {
    expect(
      seatCostText({ perSeat: 7999, interval: 'year', prorated: 5210, currency: 'USD', periodEnd: null }),
    ).toBe(
      'Each new member adds a seat: $79.99 a year, $52.10 of it for the rest of this period on the next invoice.',
    );
  });

  it('only the price when nothing is prorated', () => {
    expect(
      seatCostText({ perSeat: 500, interval: 'month', prorated: 0, currency: 'USD', periodEnd: null }),
    ).toBe('Each new member adds a seat: $5.00 a month.');
  });
});
